import { useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { defaultCostPrices, estimatedCost, type TranslationUsageRow } from '@app/shared';
import { formatMoney, useCostPrices } from '../../../lib/cost-prices';
import { usePublicChurches } from '../../../lib/public-churches';
import { useTranslationUsage } from '../api/translation-usage';
import { SermonEngineCost } from './sermon-engine-cost';
import { useHeadingLevel } from '../../../components/heading-level';
import { formattingLocale } from '../../../i18n/interface-language';

const WEEK_CHOICES = ['4', '8', '12', '26'];

/**
 * The cost view (decision 033): what each translation engine was sent per week, final and
 * in-progress lines apart, and the minutes each recognition engine heard (decision 038), so a
 * church sees what a Sunday costs. Church administrators see their own church;
 * platform administrators every church or one.
 */
export function TranslationCost({ isPlatform }: { isPlatform: boolean }) {
  const { t, i18n } = useTranslation();
  const [weeks, setWeeks] = useState('8');
  const [churchId, setChurchId] = useState<string | null>(null);
  const churches = usePublicChurches();
  const usage = useTranslationUsage({ churchId, weeks: Number(weeks) });
  const number = new Intl.NumberFormat(formattingLocale(i18n));
  const date = new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeZone: 'UTC' });
  const amount = (row: TranslationUsageRow, value: number) => t(`translationEngines.cost.${row.unit}`, { value: number.format(value) });
  // The estimated amount at the church's own price or the list price, in the church's currency.
  const prices = useCostPrices(isPlatform ? churchId : null);
  const locale = formattingLocale(i18n);
  const estimate = (row: TranslationUsageRow) => {
    const own = prices.data?.churches.find((c) => c.churchId === row.churchId) ?? defaultCostPrices(row.churchId);
    const value = estimatedCost(own, 'translation', row.engine, row.finalUnits + row.partialUnits);
    return value === null ? '–' : formatMoney(locale, own.currency, value);
  };
  // A phone gets one card per week and engine: eight columns do not fit its width.
  const isPhone = useMediaQuery('(max-width: 36em)');
  // The page's title is the level above; translation, recognition and voice are sections of equal rank.
  const order = useHeadingLevel(0);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">{t('translationEngines.cost.intro')} {t('translationEngines.cost.estimateNote')}</Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {isPlatform && (
          <Select label={t('analytics.filters.church')} clearable searchable w={240} value={churchId} onChange={setChurchId}
            data={(churches.data ?? []).map((c) => ({ value: c.id, label: c.name }))} placeholder={t('analytics.filters.allChurches')} />
        )}
        <Select label={t('translationEngines.cost.weeks')} w={140} allowDeselect={false} value={weeks} onChange={(v) => setWeeks(v ?? '8')} data={WEEK_CHOICES} />
      </Group>
      <Title order={order} size="h5">{t('translationEngines.cost.label')}</Title>
      {usage.isPending ? (
        <Skeleton h={160} />
      ) : usage.isError ? (
        <Alert color="red" title={t('translationEngines.cost.loadFailed')}>
          <Button size="xs" variant="light" onClick={() => void usage.refetch()}>{t('church.retry')}</Button>
        </Alert>
      ) : usage.data.rows.length === 0 ? (
        <Alert color="gray" variant="light">{t('translationEngines.cost.empty')}</Alert>
      ) : isPhone ? (
        <Stack gap="sm" role="list" aria-label={t('translationEngines.cost.label')}>
          {usage.data.rows.map((row) => (
            <Paper key={`${row.churchId}-${row.weekStart}-${row.engine}`} withBorder p="sm" radius="md" role="listitem">
              <Text fw={600}>{date.format(new Date(`${row.weekStart}T00:00:00Z`))} · {t(`translationEngines.names.${row.engine}`)}</Text>
              {isPlatform && <Text size="sm" c="dimmed">{row.churchName}</Text>}
              <SimpleGrid cols={2} spacing={4} mt={4}>
                <Text size="sm">{t('translationEngines.cost.final')}</Text><Text size="sm" ta="end">{amount(row, row.finalUnits)}</Text>
                <Text size="sm">{t('translationEngines.cost.partial')}</Text><Text size="sm" ta="end">{amount(row, row.partialUnits)}</Text>
                <Text size="sm" fw={600}>{t('translationEngines.cost.total')}</Text><Text size="sm" ta="end" fw={600}>{amount(row, row.finalUnits + row.partialUnits)}</Text>
                <Text size="sm" fw={600}>{t('translationEngines.cost.estimate')}</Text><Text size="sm" ta="end" fw={600}>{estimate(row)}</Text>
                <Text size="sm">{t('translationEngines.cost.requests')}</Text><Text size="sm" ta="end">{number.format(row.requests)}</Text>
                <Text size="sm">{t('translationEngines.cost.failures')}</Text><Text size="sm" ta="end" c={row.failures > 0 ? 'red' : undefined}>{number.format(row.failures)}</Text>
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={isPlatform ? 960 : 820}>
          <Table striped highlightOnHover aria-label={t('translationEngines.cost.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('translationEngines.cost.week')}</Table.Th>
                {isPlatform && <Table.Th>{t('translationEngines.cost.church')}</Table.Th>}
                <Table.Th>{t('translationEngines.cost.engine')}</Table.Th>
                <Table.Th ta="end">{t('translationEngines.cost.final')}</Table.Th>
                <Table.Th ta="end">{t('translationEngines.cost.partial')}</Table.Th>
                <Table.Th ta="end">{t('translationEngines.cost.total')}</Table.Th>
                <Table.Th ta="end">{t('translationEngines.cost.estimate')}</Table.Th>
                <Table.Th ta="end">{t('translationEngines.cost.requests')}</Table.Th>
                <Table.Th ta="end">{t('translationEngines.cost.failures')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {usage.data.rows.map((row) => (
                <Table.Tr key={`${row.churchId}-${row.weekStart}-${row.engine}`}>
                  <Table.Td>{date.format(new Date(`${row.weekStart}T00:00:00Z`))}</Table.Td>
                  {isPlatform && <Table.Td>{row.churchName}</Table.Td>}
                  <Table.Td>{t(`translationEngines.names.${row.engine}`)}</Table.Td>
                  <Table.Td ta="end">{amount(row, row.finalUnits)}</Table.Td>
                  <Table.Td ta="end">{amount(row, row.partialUnits)}</Table.Td>
                  <Table.Td ta="end" fw={600}>{amount(row, row.finalUnits + row.partialUnits)}</Table.Td>
                  <Table.Td ta="end" fw={600}>{estimate(row)}</Table.Td>
                  <Table.Td ta="end">{number.format(row.requests)}</Table.Td>
                  <Table.Td ta="end" c={row.failures > 0 ? 'red' : undefined}>{number.format(row.failures)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {usage.data && <SermonEngineCost family={{ ns: 'recognitionEngines', rows: usage.data.recognition ?? [] }} isPlatform={isPlatform} prices={prices.data?.churches ?? []} />}
      {usage.data && <SermonEngineCost family={{ ns: 'voiceEngines', rows: usage.data.voice ?? [] }} isPlatform={isPlatform} prices={prices.data?.churches ?? []} />}
    </Stack>
  );
}
