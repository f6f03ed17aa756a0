import { Divider, Drawer, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/language-picker';
import type { MenuItem } from '../../components/navigation/role-menu';
import { NavMenu } from './nav-menu';
import { ThemeToggle } from './theme-toggle';

interface MenuDrawerProps {
  isOpen: boolean;
  onClose: () => void;
  items: MenuItem[];
  openIds: string[];
  fullName: string;
}

/**
 * Below 992px the menu is a drawer (spec section 9). It also carries the header items that are
 * hidden on phones, so nothing becomes unreachable on a small screen.
 */
export function MenuDrawer({ isOpen, onClose, items, openIds, fullName }: MenuDrawerProps) {
  const { t } = useTranslation();
  return (
    // Composed by hand so its header is a plain block: a second <header> would make a second
    // "banner" landmark beside the page's own while the drawer is open.
    <Drawer.Root opened={isOpen} onClose={onClose} size={300} padding="md" hiddenFrom="md" scrollAreaComponent={ScrollArea.Autosize}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>{t('shell.menu')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('shell.closeMenu')} />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="md">
            <nav aria-label={t('shell.mainMenu')}>
              <NavMenu items={items} openIds={openIds} onNavigate={onClose} />
            </nav>
            <Divider />
            <Text fw={500}>{fullName}</Text>
            <Group gap="sm" align="flex-end" wrap="nowrap">
              <LanguagePicker size="sm" />
              <ThemeToggle />
            </Group>
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
