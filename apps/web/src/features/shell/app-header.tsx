import { ActionIcon, Anchor, Burger, Group, Text, Tooltip } from '@mantine/core';
import { IconLayoutNavbar, IconLayoutSidebar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '../../components/app-logo';
import { LanguagePicker } from '../../components/language-picker';
import { paths } from '../../config/paths';
import { LogoutButton } from './logout-button';
import { ThemeToggle } from './theme-toggle';
import { useMenuState } from './menu-state';
import classes from './shell.module.css';

interface AppHeaderProps {
  fullName: string;
  isDrawerOpen: boolean;
  onOpenDrawer: () => void;
  /** Header actions another feature provides (the chat button); the app wiring passes them in. */
  actions?: ReactNode;
}

/** Logo (→ dashboard), the person's full name, language, theme and logout (spec section 2). */
export function AppHeader({ fullName, isDrawerOpen, onOpenDrawer, actions }: AppHeaderProps) {
  const { t } = useTranslation();
  const { state, dispatch } = useMenuState();
  const isHorizontal = state.layout === 'horizontal';
  const layoutLabel = t(isHorizontal ? 'shell.layout.toVertical' : 'shell.layout.toHorizontal');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isDrawerOpen}
          onClick={onOpenDrawer}
          hiddenFrom="md"
          size="sm"
          aria-label={t('shell.openMenu')}
          aria-expanded={isDrawerOpen}
        />
        <Anchor component={Link} to={paths.dashboard} underline="never" aria-label={t('shell.logoLabel')}>
          <AppLogo />
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text fw={500} className={classes.hideOnPhone} truncate maw={220} data-testid="header-full-name">
          {fullName}
        </Text>
        <div className={classes.hideOnPhone}>
          <LanguagePicker size="sm" withLabel={false} />
        </div>
        <div className={classes.hideOnPhone}>
          <ThemeToggle />
        </div>
        {actions}
        <Tooltip label={layoutLabel}>
          <ActionIcon
            variant="default"
            size="lg"
            visibleFrom="md"
            aria-label={layoutLabel}
            onClick={() => dispatch({ type: 'change-layout', layout: isHorizontal ? 'vertical' : 'horizontal' })}
          >
            {isHorizontal ? <IconLayoutSidebar size={18} aria-hidden /> : <IconLayoutNavbar size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
        <LogoutButton />
      </Group>
    </Group>
  );
}
