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
    <Drawer
      opened={isOpen}
      onClose={onClose}
      size={300}
      padding="md"
      title={t('shell.menu')}
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': t('shell.closeMenu') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
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
    </Drawer>
  );
}
