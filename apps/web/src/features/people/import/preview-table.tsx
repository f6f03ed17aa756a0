import { Badge, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importOutcomes, type ImportOutcome, type ImportPreview } from '@app/shared';
import { ListPagination } from '../../../components/list-pagination';

const PAGE = 50;
export const outcomeColor: Record<ImportOutcome, string> = { new: 'green', update: 'blue', unchanged: 'gray', refused: 'red' };

type Filter = ImportOutcome | 'all' | 'warnings';

/**
 * Every row's outcome, filtered by outcome (or to the rows with warnings), 50 at a time, each
 * refusal with its reasons and each cell not written with its warning, in the interface language.
 */
export function PreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const rows = outcome === 'all' ? preview.rows
    : outcome === 'warnings' ? preview.rows.filter((r) => r.warnings.length > 0) : preview.rows.filter((r) => r.outcome === outcome);
  const shown = rows.slice((page - 1) * PAGE, page * PAGE);
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('peopleImport.preview.filter')}
        value={outcome}
        onChange={(v) => { setOutcome(v as Filter); setPage(1); }}
        data={[
          { value: 'all', label: t('peopleImport.preview.all', { count: preview.rows.length }) },
          ...importOutcomes.map((o) => ({ value: o, label: `${t(`peopleImport.outcome.${o}`)} (${preview.counts[o]})` })),
          ...(preview.counts.warnings > 0 ? [{ value: 'warnings', label: `${t('peopleImport.preview.withWarnings')} (${preview.rows.filter((r) => r.warnings.length > 0).length})` }] : []),
        ]}
        styles={{ root: { flexWrap: 'wrap', maxWidth: '100%' } }}
      />
      {/* Fixed layout: on a 390 px phone the reasons wrap instead of pushing the table wider. */}
      <Table verticalSpacing="xs" striped layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>{t('peopleImport.preview.row')}</Table.Th>
              <Table.Th w="40%">{t('peopleImport.preview.person')}</Table.Th>
              <Table.Th>{t('peopleImport.preview.outcome')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td>{r.row}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{r.name || '—'}</Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{r.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}><Badge color={outcomeColor[r.outcome]} variant="light">{t(`peopleImport.outcome.${r.outcome}`)}</Badge></Group>
                  {r.changes.length > 0 && <Text size="xs" c="dimmed">{r.changes.map((f) => t(`peopleImport.fields.${f}`)).join(', ')}</Text>}
                  {r.reasons.map((x, i) => <Text key={i} size="xs" c="var(--mantine-color-red-light-color)" style={{ overflowWrap: 'anywhere' }}>{t(`peopleImport.fields.${x.field}`, { defaultValue: x.field })}: {t(x.key, { defaultValue: x.message })}</Text>)}
                  {r.warnings.map((x, i) => (
                    <Text key={`w${i}`} size="xs" c="var(--mantine-color-orange-light-color)" style={{ overflowWrap: 'anywhere' }}>
                      <IconAlertTriangle size={12} aria-label={t('peopleImport.preview.warning')} style={{ verticalAlign: 'middle', marginRight: 4 }} />
                      {t(`peopleImport.fields.${x.field}`, { defaultValue: x.field })}: {t(x.key, { defaultValue: x.message })} {t(r.outcome === 'new' ? 'peopleImport.preview.leftEmpty' : 'peopleImport.preview.keptAsItWas')}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
      </Table>
      {/* The product's one pager: its arrows and pages are named in the interface language. */}
      {rows.length > PAGE && <ListPagination page={page} pageSize={PAGE} total={rows.length} onChange={setPage} />}
    </Stack>
  );
}
