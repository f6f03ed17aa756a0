import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLogout } from './use-logout';

export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  const [isBusy, setBusy] = useState(false);
  return (
    <Tooltip label={t('shell.logout')}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('shell.logout')}
        loading={isBusy}
        onClick={() => {
          setBusy(true);
          void logout().finally(() => setBusy(false));
        }}
      >
        <IconLogout size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
