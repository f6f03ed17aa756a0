import { Alert, List } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useImportGlossary } from '../api/import-glossary';

interface RowError {
  row: string;
  field: string;
  message: string;
}

/** CSV import: a notification when every row went in; each bad row's errors when none did. */
export function useGlossaryImport(path: string) {
  const { t } = useTranslation();
  const mutation = useImportGlossary(path);
  const [errors, setErrors] = useState<RowError[]>([]);
  const run = (file: File) => {
    setErrors([]);
    mutation.mutate(file, {
      onSuccess: (r) => notifications.show({ color: 'teal', message: t('glossary.import.done', { created: r.created, updated: r.updated }) }),
      onError: (err) => {
        const rows = err instanceof ApiError ? err.errors : [];
        if (rows.length === 0) {
          notifications.show({ color: 'red', message: errorMessage(err, t) });
          return;
        }
        setErrors(rows.map((e) => {
          const m = /^rows\.(\d+)\.(.+)$/.exec(e.field);
          const message = e.key ? t(e.key) : e.message;
          return { row: m?.[1] ?? '', field: m?.[2] ?? e.field, message };
        }));
      },
    });
  };
  return { run, errors, clear: () => setErrors([]), isPending: mutation.isPending };
}

export function ImportGlossaryErrors({ errors, onClose }: { errors: RowError[]; onClose: () => void }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <Alert color="red" title={t('glossary.import.failedTitle')} withCloseButton onClose={onClose} closeButtonLabel={t('glossary.cancel')} role="alert">
      <List size="sm">
        {errors.map((e, i) => (
          <List.Item key={i}>{e.row ? t('glossary.import.rowError', { row: e.row, field: e.field, message: e.message }) : e.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
