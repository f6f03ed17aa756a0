import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown when a screen fails to load or render, e.g. a chunk that went missing after a deploy. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconAlertTriangle size={40} aria-hidden color="var(--mantine-color-red-6)" />
        <Title order={1} size="h2">{t(isNotFound ? 'common.notFoundTitle' : 'common.errorTitle')}</Title>
        <Text c="dimmed">{t(isNotFound ? 'common.notFoundBody' : 'common.errorReload')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
