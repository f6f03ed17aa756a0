import type { ReactNode } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserType } from '@app/shared';
import { paths } from '../config/paths';
import { readStoredUser } from '../lib/stored-user';

/**
 * A page only some roles may use: anyone else is told so first, with the way back, instead of a
 * working-looking page whose buttons then answer "not allowed". The server still refuses the data
 * (spec section 6); this only spares the person the dead end.
 */
export function RoleOnly({ userTypes, who, children }: { userTypes: readonly UserType[]; who: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { userType } = readStoredUser();
  if (userType && userTypes.includes(userType)) return children;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm" align="flex-start">
        <IconLock size={28} aria-hidden />
        <Title order={2} size="h4">{t('common.roleOnly.title')}</Title>
        <Text size="sm">{t('common.roleOnly.body', { who })}</Text>
        <Button component={Link} to={paths.dashboard} variant="light">{t('common.roleOnly.back')}</Button>
      </Stack>
    </Paper>
  );
}
