import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { defaultCostPrices, estimatedCost, type ChurchCostPrices, type RecognitionUsageRow, type VoiceUsageRow } from '@app/shared';
import { formatMoney } from '../../../lib/cost-prices';
import { useHeadingLevel } from '../../../components/heading-level';
import { formattingLocale } from '../../../i18n/interface-language';

type Family = { ns: 'recognitionEngines'; rows: RecognitionUsageRow[] } | { ns: 'voiceEngines'; rows: VoiceUsageRow[] };

/**
 * What each engine billed per month and per sermon: minutes of the speaker's audio a recognition
 * engine heard (decision 038), characters a voice engine spoke (decision 040). Tables scroll inside
 * their card on a phone.
 */
export function SermonEngineCost({ family, isPlatform, prices = [] }: { family: Family; isPlatform: boolean; prices?: ChurchCostPrices[] }) {
  const { t, i18n } = useTranslation();
  // A section of the cost view, beside the translation table's: the level below the page's title.
  const order = useHeadingLevel(0);
  const locale = formattingLocale(i18n);
  const { ns } = family;
  const rows = family.ns === 'recognitionEngines'
    ? family.rows.map((r) => ({ ...r, amount: r.minutes }))
    : family.rows.map((r) => ({ ...r, amount: r.characters }));
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const engineName = (engine: string) => t(`${ns}.names.${engine}`);
  // Estimated at the church's price or the list price, in its currency (engine-prices.ts).
  const priceFamily = ns === 'recognitionEngines' ? 'recognition' : 'voice';
  const estimate = (churchId: string, engine: string, amount: number) => {
    const own = prices.find((c) => c.churchId === churchId) ?? defaultCostPrices(churchId);
    const value = estimatedCost(own, priceFamily, engine, amount);
    return value === null ? null : { value, currency: own.currency };
  };
  const money = (e: { value: number; currency: string } | null) => (e ? formatMoney(locale, e.currency, e.value) : '–');
  const amountLabel = t(ns === 'recognitionEngines' ? 'recognitionEngines.cost.minutes' : 'voiceEngines.cost.characters');
  if (rows.length === 0) return <Text size="sm" c="dimmed">{t(`${ns}.cost.empty`)}</Text>;

  const months = new Map<string, { label: string; engine: string; amount: number; sermons: Set<string>; cost: { value: number; currency: string } | null }>();
  for (const r of rows) {
    const at = new Date(r.startedAt);
    const key = `${at.getFullYear()}-${at.getMonth()}|${r.engine}`;
    const m = months.get(key) ?? { label: month.format(at), engine: r.engine, amount: 0, sermons: new Set<string>(), cost: null };
    m.amount += r.amount;
    const e = estimate(r.churchId, r.engine, r.amount);
    if (e) m.cost = { value: (m.cost?.value ?? 0) + e.value, currency: e.currency };
    m.sermons.add(r.sermonId);
    months.set(key, m);
  }
  return (
    <Stack gap="sm">
      <Title order={order} size="h5">{t(`${ns}.cost.title`)}</Title>
      <Table.ScrollContainer minWidth={420}>
        <Table striped aria-label={t(`${ns}.cost.byMonth`)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('recognitionEngines.cost.month')}</Table.Th>
              <Table.Th>{t('translationEngines.cost.engine')}</Table.Th>
              <Table.Th ta="end">{t('recognitionEngines.cost.sermons')}</Table.Th>
              <Table.Th ta="end">{amountLabel}</Table.Th>
              <Table.Th ta="end">{t('translationEngines.cost.estimate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...months.entries()].map(([key, m]) => (
              <Table.Tr key={key}>
                <Table.Td>{m.label}</Table.Td>
                <Table.Td>{engineName(m.engine)}</Table.Td>
                <Table.Td ta="end">{m.sermons.size}</Table.Td>
                <Table.Td ta="end" fw={600}>{number.format(m.amount)}</Table.Td>
                <Table.Td ta="end" fw={600}>{money(m.cost)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Table.ScrollContainer minWidth={isPlatform ? 560 : 420}>
        <Table striped aria-label={t(`${ns}.cost.bySermon`)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('recognitionEngines.cost.sermon')}</Table.Th>
              {isPlatform && <Table.Th>{t('translationEngines.cost.church')}</Table.Th>}
              <Table.Th>{t('translationEngines.cost.engine')}</Table.Th>
              <Table.Th ta="end">{amountLabel}</Table.Th>
              <Table.Th ta="end">{t(`${ns}.cost.failovers`)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.sermonId}-${r.engine}`}>
                <Table.Td>{day.format(new Date(r.startedAt))}</Table.Td>
                {isPlatform && <Table.Td>{r.churchName}</Table.Td>}
                <Table.Td>{engineName(r.engine)}</Table.Td>
                <Table.Td ta="end">{number.format(r.amount)}</Table.Td>
                <Table.Td ta="end">{r.failures}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
