import { Alert, Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import type { ImportSummary, UndoResult } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { EmptyList, ErrorState, LoadingState } from '../../../components/query-states';
import { importApi, isImportActive } from './import-api';
import { formattingLocale } from '../../../i18n/interface-language';
import { importErrorMessage } from './import-error';

/** An import's progress while it runs, its result when done, and Undo (asked first) while it can be. */
export function ImportProgress({ summary }: { summary: ImportSummary }) {
  const { t, i18n } = useTranslation();
  const undo = importApi.useUndo();
  const preparing = summary.status === 'preparing';
  const running = isImportActive(summary.status);
  const percent = summary.toWrite === 0 ? 100 : Math.round((summary.done / summary.toWrite) * 100);
  return (
    <Stack gap="xs">
      {running && (
        <>
          <Text size="sm" role="status" aria-live="polite">
            {preparing ? t('peopleImport.progress.preparing', { total: summary.toWrite }) : t('peopleImport.progress.running', { done: summary.done, total: summary.toWrite })}
          </Text>
          <Progress value={percent} aria-label={t('peopleImport.progress.label')} animated />
        </>
      )}
      {summary.status === 'done' && (
        <Text size="sm" role="status">{t('peopleImport.progress.done', { created: summary.created, updated: summary.updated })}</Text>
      )}
      {summary.status === 'undone' && <Text size="sm">{t('peopleImport.progress.undone')}</Text>}
      {summary.status === 'failed' && <Text size="sm" c="red">{t('peopleImport.progress.failed')}</Text>}
      {summary.undoUntil && (
        <Group gap="sm" wrap="wrap">
          <ConfirmButton
            variant="light"
            size="xs"
            loading={undo.isPending}
            confirm={{
              title: t('peopleImport.undo.title'),
              message: t('peopleImport.undo.message', { created: summary.created, updated: summary.updated }),
              confirmLabel: t('peopleImport.undo.confirm'),
              onConfirm: () => undo.mutate(summary.id),
            }}
          >
            {t('peopleImport.undo.button')}
          </ConfirmButton>
          <Text size="xs" c="dimmed">{t('peopleImport.undo.until', { date: new Date(summary.undoUntil).toLocaleDateString(formattingLocale(i18n)) })}</Text>
        </Group>
      )}
      {undo.isError && <Alert color="red" role="alert">{importErrorMessage(undo.error, t)}</Alert>}
      {undo.data && <UndoReport result={undo.data} />}
    </Stack>
  );
}

function UndoReport({ result }: { result: UndoResult }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" title={t('peopleImport.undo.doneTitle')} role="status">
      <Text size="sm">{t('peopleImport.undo.done', { removed: result.removed, restored: result.restored })}</Text>
      {result.kept.length > 0 && (
        <>
          <Text size="sm" mt="xs">{t('peopleImport.undo.kept', { count: result.kept.length })}</Text>
          <List size="sm">
            {result.kept.map((k) => <List.Item key={k.id}>{k.name}{k.email ? ` (${k.email})` : ''}: {t(`peopleImport.undo.why.${k.why}`)}</List.Item>)}
          </List>
        </>
      )}
    </Alert>
  );
}

/** The church's earlier imports, each with its result and Undo while it can be; loading, empty and error states. */
export function ImportHistory() {
  const { t, i18n } = useTranslation();
  const list = importApi.useList();
  let body;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0) body = <EmptyList title={t('peopleImport.noHistory')} />;
  else {
    body = list.data.map((s) => (
      <Card key={s.id} withBorder>
        <Stack gap={4}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{s.filename} · {new Date(s.createdAt).toLocaleString(formattingLocale(i18n))}</Text>
          <ImportProgress summary={s} />
        </Stack>
      </Card>
    ));
  }
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">{t('peopleImport.history')}</Title>
      {body}
    </Stack>
  );
}
