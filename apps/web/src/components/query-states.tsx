import { Alert, Button, Center, EmptyState, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

/** While a list or screen loads; announced to screen readers. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('common.loading');
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text c="dimmed" size="sm">{text}</Text>
      </Stack>
    </Center>
  );
}

/** A failed load: a translated reason from the API's error code and, when given, a retry. */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : 'internal';
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={title ?? t('common.errorTitle')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(`errors.${code}`, { defaultValue: t('common.errorGeneric') })}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** A list with nothing in it yet, and what the person can do about it. */
export function EmptyList({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <EmptyState py="xl" title={title} description={description} icon={<IconInbox aria-hidden />} withIndicatorBackground>
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}
