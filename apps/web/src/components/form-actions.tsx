import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';

/**
 * Save and cancel, and what went wrong when saving failed (spec section 8: "Error during save or
 * update"), the same in every form. `error` is shown when it is not null; no `onCancel`, no Cancel.
 */
export function FormActions({ saving, error, onCancel, saveLabel, errorTitle }: {
  saving: boolean;
  error: unknown;
  onCancel?: () => void;
  saveLabel: string;
  errorTitle: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error != null && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={errorTitle}>
          {errorMessage(error, t)}
        </Alert>
      )}
      <Group justify="flex-end">
        {onCancel && <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>}
        <Button type="submit" loading={saving}>{saveLabel}</Button>
      </Group>
    </>
  );
}
