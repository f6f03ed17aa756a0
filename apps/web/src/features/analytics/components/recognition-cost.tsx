import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecognitionUsageRow } from '@app/shared';
import { useHeadingLevel } from '../../../components/heading-level';
import { formattingLocale } from '../../../i18n/interface-language';

/**
 * Minutes of the speaker's audio each recognition engine heard (decision 038), per month and per
 * sermon; engines bill per minute streamed. Tables scroll inside their card on a phone.
 */
export function RecognitionCost({ rows, isPlatform }: { rows: RecognitionUsageRow[]; isPlatform: boolean }) {
  const { t, i18n } = useTranslation();
  const order = useHeadingLevel(1);
  const locale = formattingLocale(i18n);
  const minutes = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const engineName = (engine: string) => t(`recognitionEngines.names.${engine}`);
  if (rows.length === 0) return <Text size="sm" c="dimmed">{t('recognitionEngines.cost.empty')}</Text>;

  const months = new Map<string, { label: string; engine: string; minutes: number; sermons: Set<string> }>();
  for (const r of rows) {
    const at = new Date(r.startedAt);
    const key = `${at.getFullYear()}-${at.getMonth()}|${r.engine}`;
    const m = months.get(key) ?? { label: month.format(at), engine: r.engine, minutes: 0, sermons: new Set<string>() };
    m.minutes += r.minutes;
    m.sermons.add(r.sermonId);
    months.set(key, m);
  }
  return (
    <Stack gap="sm">
      <Title order={order} size="h5">{t('recognitionEngines.cost.title')}</Title>
      <Table.ScrollContainer minWidth={420}>
        <Table striped aria-label={t('recognitionEngines.cost.byMonth')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('recognitionEngines.cost.month')}</Table.Th>
              <Table.Th>{t('translationEngines.cost.engine')}</Table.Th>
              <Table.Th ta="end">{t('recognitionEngines.cost.sermons')}</Table.Th>
              <Table.Th ta="end">{t('recognitionEngines.cost.minutes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...months.entries()].map(([key, m]) => (
              <Table.Tr key={key}>
                <Table.Td>{m.label}</Table.Td>
                <Table.Td>{engineName(m.engine)}</Table.Td>
                <Table.Td ta="end">{m.sermons.size}</Table.Td>
                <Table.Td ta="end" fw={600}>{minutes.format(m.minutes)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Table.ScrollContainer minWidth={isPlatform ? 560 : 420}>
        <Table striped aria-label={t('recognitionEngines.cost.bySermon')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('recognitionEngines.cost.sermon')}</Table.Th>
              {isPlatform && <Table.Th>{t('translationEngines.cost.church')}</Table.Th>}
              <Table.Th>{t('translationEngines.cost.engine')}</Table.Th>
              <Table.Th ta="end">{t('recognitionEngines.cost.minutes')}</Table.Th>
              <Table.Th ta="end">{t('recognitionEngines.cost.failovers')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.sermonId}-${r.engine}`}>
                <Table.Td>{day.format(new Date(r.startedAt))}</Table.Td>
                {isPlatform && <Table.Td>{r.churchName}</Table.Td>}
                <Table.Td>{engineName(r.engine)}</Table.Td>
                <Table.Td ta="end">{minutes.format(r.minutes)}</Table.Td>
                <Table.Td ta="end">{r.failures}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
