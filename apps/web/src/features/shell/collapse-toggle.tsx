import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMenuState } from './menu-state';

/** Narrows the side menu to icons and back (the menu state's collapsed flag). */
export function CollapseToggle() {
  const { t } = useTranslation();
  const { state, dispatch } = useMenuState();
  const toggle = () => dispatch({ type: 'toggle-collapsed' });
  if (state.collapsed) {
    const label = t('shell.expandMenu');
    return (
      <Tooltip label={label} position="right">
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={label} aria-expanded={false} onClick={toggle}>
          <IconLayoutSidebarLeftExpand size={22} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="subtle"
      color="gray"
      justify="flex-start"
      fullWidth
      leftSection={<IconLayoutSidebarLeftCollapse size={20} aria-hidden />}
      aria-expanded
      onClick={toggle}
    >
      {t('shell.collapseMenu')}
    </Button>
  );
}
