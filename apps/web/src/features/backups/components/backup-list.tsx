import { Badge, Button, Card, Code, Group, Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BackupEntry } from '@app/shared';
import { formatSize, formatWhen, stateColor, triggerLabel } from './backup-format';
import { formattingLocale } from '../../../i18n/interface-language';

interface Props {
  items: BackupEntry[];
  onDownload(entry: BackupEntry): void;
}

function StateCell({ entry }: { entry: BackupEntry }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {/* The dot carries the colour, the text stays at full contrast (as StatusBadge does). */}
      <Badge color={stateColor[entry.state]} variant="dot">{t(`backups.states.${entry.state}`)}</Badge>
      {entry.state === 'running' && (
        <Progress value={entry.progress} size="sm" animated aria-label={t('backups.progressLabel', { percent: entry.progress })} />
      )}
      {entry.state === 'failed' && (
        // What went wrong and what to do in the reader's language; the system's words folded away for whoever helps.
        <Text size="xs" c="red.9">{t(`backups.failure.${entry.errorKind ?? 'other'}`)}</Text>
      )}
      {entry.state === 'failed' && entry.error && (
        <Text component="details" size="xs">
          <Text component="summary" size="xs" style={{ cursor: 'pointer' }}>{t('backups.technical')}</Text>
          <Text size="xs" ff="monospace" lang="en" style={{ overflowWrap: 'anywhere' }}>{entry.error}</Text>
        </Text>
      )}
    </Stack>
  );
}

function PlaceCell({ entry }: { entry: BackupEntry }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm">{t(`backups.places.${entry.place}`)}</Text>
      {entry.location && <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{entry.location}</Code>}
    </Stack>
  );
}

function DownloadButton({ entry, onDownload }: { entry: BackupEntry; onDownload: Props['onDownload'] }) {
  const { t, i18n } = useTranslation();
  if (entry.state !== 'good') return null;
  return (
    <Button size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => onDownload(entry)}
      aria-label={t('backups.downloadAria', { when: formatWhen(entry.at, formattingLocale(i18n)) })}>
      {t('backups.download')}
    </Button>
  );
}

/** Each backup: when, state, size, place and how it was started; a table on wide screens, cards on phones. */
export function BackupList({ items, onDownload }: Props) {
  const { t, i18n } = useTranslation();
  const when = (e: BackupEntry) => formatWhen(e.at, formattingLocale(i18n));
  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table verticalSpacing="sm" striped highlightOnHover aria-label={t('backups.listLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backups.columns.when')}</Table.Th>
              <Table.Th>{t('backups.columns.state')}</Table.Th>
              <Table.Th>{t('backups.columns.size')}</Table.Th>
              <Table.Th>{t('backups.columns.place')}</Table.Th>
              <Table.Th>{t('backups.columns.trigger')}</Table.Th>
              <Table.Th><VisuallyHidden>{t('backups.columns.actions')}</VisuallyHidden></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{when(e)}</Text></Table.Td>
                <Table.Td w={200}><StateCell entry={e} /></Table.Td>
                <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatSize(e.sizeBytes, formattingLocale(i18n))}</Text></Table.Td>
                <Table.Td maw={320}><PlaceCell entry={e} /></Table.Td>
                <Table.Td><Text size="sm">{triggerLabel(e, t)}</Text></Table.Td>
                <Table.Td><DownloadButton entry={e} onDownload={onDownload} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('backups.listLabel')}>
        {items.map((e) => (
          <Card key={e.id} withBorder radius="md" padding="sm" component="li">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0}>
                  <Text fw={600} size="sm">{when(e)}</Text>
                  <Text size="xs" c="dimmed">{triggerLabel(e, t)} · {formatSize(e.sizeBytes, formattingLocale(i18n))}</Text>
                </Stack>
                <DownloadButton entry={e} onDownload={onDownload} />
              </Group>
              <StateCell entry={e} />
              <PlaceCell entry={e} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
