import { Alert, Badge, Button, Card, Checkbox, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IMPORT_MAX_ROWS, importOutcomes, type ImportField, type ImportUpload } from '@app/shared';
import { ChurchSelect } from '../../../components/church-select';
import { ErrorState, LoadingState } from '../../../components/query-states';
import { paths } from '../../../config/paths';
import { useViewer } from '../components/use-viewer';
import { importApi } from './import-api';
import { importErrorMessage } from './import-error';
import { ImportHistory, ImportProgress } from './import-progress';
import { MappingTable } from './mapping-table';
import { outcomeColor, PreviewTable } from './preview-table';
import { formattingLocale } from '../../../i18n/interface-language';
import { downloadRefused } from './refused-csv';
import { TemplateLinks } from './template-links';

/** The heading says where the import stands: "Importing people" only while it runs. */
const progressTitle: Record<string, string> = {
  done: 'peopleImport.progress.titleDone',
  undone: 'peopleImport.progress.titleUndone',
  failed: 'peopleImport.progress.titleFailed',
};

/** `/users/import`: a church's people from a CSV or XLSX, checked row by row before anything is written (decision 036). */
export function ImportPage() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [mapping, setMapping] = useState<Array<ImportField | null>>([]);
  const [churchId, setChurchId] = useState<string | null>(null);
  const [invite, setInvite] = useState(false);
  const [confirmedId, setConfirmedId] = useState<string>();
  const send = importApi.useUpload();
  const preview = importApi.usePreview(confirmedId ? undefined : upload?.id, mapping);
  const confirm = importApi.useConfirm();
  const progress = importApi.useOne(confirmedId);
  const isPlatform = viewer.role === 'platform_admin';

  const start = (file: File | null) => {
    if (!file) return;
    send.mutate({ file, churchId }, { onSuccess: (u) => { setUpload(u); setMapping(u.columns.map((c) => c.field)); } });
  };
  const reset = () => { setUpload(null); setConfirmedId(undefined); send.reset(); confirm.reset(); };
  const toWrite = (preview.data?.counts.new ?? 0) + (preview.data?.counts.update ?? 0);

  if (confirmedId) {
    return (
      <Card withBorder>
        <Stack>
          <Title order={2} size="h4">{t(progressTitle[progress.data?.status ?? ''] ?? 'peopleImport.progress.title')}</Title>
          {progress.data ? <ImportProgress summary={progress.data} /> : progress.isError ? <ErrorState error={progress.error} onRetry={() => void progress.refetch()} /> : <LoadingState />}
          <Group>
            <Button component={Link} to={paths.users} variant="default">{t('peopleImport.backToList')}</Button>
            <Button variant="subtle" onClick={reset}>{t('peopleImport.another')}</Button>
          </Group>
        </Stack>
      </Card>
    );
  }

  if (!upload) {
    return (
      <Stack>
        <Card withBorder>
          <Stack>
            <Text size="sm">{t('peopleImport.intro', { max: IMPORT_MAX_ROWS.toLocaleString(formattingLocale(i18n)) })}</Text>
            {isPlatform && <ChurchSelect required value={churchId} onChange={setChurchId} />}
            <FileInput
              label={t('peopleImport.file')}
              description={t('peopleImport.fileHint')}
              accept=".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              placeholder={t('peopleImport.choose')}
              // Mantine's placeholder grey is 2:1 on white; here it is the field's only text (WCAG 1.4.3).
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
              onChange={start}
              disabled={send.isPending || (isPlatform && !churchId)}
              clearable
            />
            <TemplateLinks />
            {send.isPending && <LoadingState label={t('peopleImport.reading')} />}
            {send.isError && <Alert color="red" role="alert" title={t('peopleImport.errors.title')}>{importErrorMessage(send.error, t)}</Alert>}
          </Stack>
        </Card>
        <ImportHistory />
      </Stack>
    );
  }

  return (
    <Stack>
      <Card withBorder>
        <Stack gap="xs">
          <Title order={2} size="h4">{t('peopleImport.mapping.title', { file: upload.filename, rows: upload.rowCount })}</Title>
          <Text size="sm" c="dimmed">{t('peopleImport.mapping.hint')}</Text>
          <MappingTable upload={upload} mapping={mapping} onChange={setMapping} />
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">{t('peopleImport.preview.title')}</Title>
          {preview.isPending && <LoadingState label={t('peopleImport.preview.checking')} />}
          {preview.isError && <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />}
          {preview.data && (
            <>
              <Group gap="xs" aria-label={t('peopleImport.preview.summary')}>
                {importOutcomes.map((o) => <Badge key={o} color={outcomeColor[o]} variant="light" size="lg">{t(`peopleImport.outcome.${o}`)}: {preview.data!.counts[o]}</Badge>)}
                <Badge color="orange" variant="light" size="lg">{t('peopleImport.preview.warningsCount', { count: preview.data.counts.warnings })}</Badge>
              </Group>
              {preview.data.counts.warnings > 0 && <Text size="sm" c="dimmed">{t('peopleImport.preview.warningsHint')}</Text>}
              {preview.data.counts.refused > 0 && (
                <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void downloadRefused(preview.data!, upload.filename, t)} w="fit-content">
                  {t('peopleImport.preview.downloadRefused')}
                </Button>
              )}
              <PreviewTable preview={preview.data} />
            </>
          )}
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Checkbox label={t('peopleImport.invite')} description={t('peopleImport.inviteHint')} checked={invite} onChange={(e) => setInvite(e.currentTarget.checked)} />
          {confirm.isError && <Alert color="red" role="alert">{importErrorMessage(confirm.error, t)}</Alert>}
          <Group>
            <Button
              disabled={!preview.data || toWrite === 0 || preview.isFetching}
              loading={confirm.isPending}
              onClick={() => confirm.mutate({ id: upload.id, mapping, invite }, { onSuccess: (s) => setConfirmedId(s.id) })}
            >
              {t('peopleImport.confirm', { count: toWrite })}
            </Button>
            <Button variant="subtle" onClick={reset}>{t('peopleImport.startOver')}</Button>
          </Group>
          {preview.data && toWrite === 0 && <Text size="sm" c="dimmed">{t('peopleImport.nothingToWrite')}</Text>}
        </Stack>
      </Card>
    </Stack>
  );
}

export { ImportPage as Component };
