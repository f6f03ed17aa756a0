import { ActionIcon, Button, Group, NavLink, Stack, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../components/navigation/role-menu';
import classes from './shell.module.css';

interface NavMenuProps {
  items: MenuItem[];
  openIds: string[];
  /** Icons only, each named by its tooltip and aria-label. */
  isCollapsed?: boolean;
  onNavigate?: () => void;
}

/** The side menu for the stored userType (spec section 2, "Menu items by role"). */
export function NavMenu({ items, openIds, isCollapsed = false, onNavigate }: NavMenuProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} align={isCollapsed ? 'center' : 'stretch'}>
      {items.map((item) => {
        const label = t(item.labelKey);
        const isOpen = openIds.includes(item.id);
        const Icon = item.icon;
        return (
          <li key={item.id}>
            {isCollapsed ? (
              <Tooltip label={label} position="right" withArrow>
                <ActionIcon
                  component={Link}
                  to={item.path}
                  onClick={onNavigate}
                  size={44}
                  variant={isOpen ? 'light' : 'subtle'}
                  color={isOpen ? undefined : 'gray'}
                  aria-label={label}
                  aria-current={isOpen ? 'page' : undefined}
                >
                  <Icon size={22} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : (
              <NavLink
                component={Link}
                to={item.path}
                onClick={onNavigate}
                label={label}
                leftSection={<Icon size={20} aria-hidden />}
                active={isOpen}
                aria-current={isOpen ? 'page' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            )}
          </li>
        );
      })}
    </Stack>
  );
}

/** The same menu as a bar above the content, for the horizontal layout on wide screens. */
export function HorizontalMenu({ items, openIds, label }: { items: MenuItem[]; openIds: string[]; label: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className={classes.horizontalMenu}>
      <Group gap={4} wrap="nowrap" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} mb="md">
        {items.map((item) => {
          const isOpen = openIds.includes(item.id);
          const Icon = item.icon;
          return (
            <li key={item.id}>
              <Button
                component={Link}
                to={item.path}
                variant={isOpen ? 'light' : 'subtle'}
                color={isOpen ? undefined : 'gray'}
                leftSection={<Icon size={18} aria-hidden />}
                aria-current={isOpen ? 'page' : undefined}
              >
                {t(item.labelKey)}
              </Button>
            </li>
          );
        })}
      </Group>
    </nav>
  );
}
