import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { findKnownLanguage, type Summary } from '@app/shared';
import { useHeadingLevel } from '../../components/heading-level';
import { formattingLocale, interfaceLanguage } from '../../i18n/interface-language';
import { languageName } from '../../lib/language-label';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.6', 'indigo.6'];

/** Listeners and new members over time, languages listened, salvations over time (Mantine charts). */
// People and minutes are counted whole: no axis tick at 0.75 of a person.
const wholeNumbers = { allowDecimals: false } as const;

export function SummaryCharts({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation();
  const heading = useHeadingLevel(1);
  // Buckets are wall-clock times in the church's zone ("2026-11-23T00:00"): format them as such.
  const label = (at: string) => {
    const d = new Date(`${at}:00Z`);
    const opts: Intl.DateTimeFormatOptions =
      summary.bucket === 'hour' ? { hour: 'numeric', timeZone: 'UTC' } : summary.bucket === 'day' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { month: 'short', year: '2-digit', timeZone: 'UTC' };
    return new Intl.DateTimeFormat(formattingLocale(i18n), opts).format(d);
  };
  const series = summary.series.map((p) => ({ ...p, label: label(p.at) }));
  // Languages named in the interface language, as on every other screen.
  const nameOf = (code: string) => languageName(code, findKnownLanguage(code)?.englishName ?? code, interfaceLanguage(i18n));
  // Axis ticks, tooltips and the donut's total written the reader's way ("5.369"), like the tiles.
  const number = new Intl.NumberFormat(formattingLocale(i18n));
  const valueFormatter = (value: number) => number.format(value);
  const languages = summary.listenersByLanguage.map((l, i) => ({ name: nameOf(l.language), value: l.listeners, color: COLORS[i % COLORS.length]! }));
  // No listening in the range: one sentence instead of an empty plot (both language charts).
  const noListeners = <Text c="dimmed" size="sm" py="xl" ta="center">{t('analytics.charts.noListeners')}</Text>;

  const chartCard = (id: string, title: string, chart: React.ReactNode, summaryText: string) => (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={heading} size="h5" id={id}>{title}</Title>
        {/* Charts are pictures: a sentence says the same for screen readers. */}
        <Text size="xs" c="dimmed">{summaryText}</Text>
        <div role="img" aria-label={`${title}. ${summaryText}`}>{chart}</div>
      </Stack>
    </Card>
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {chartCard('chart-listeners', t('analytics.charts.listenersAndMembers'),
        <AreaChart h={220} data={series} dataKey="label" withLegend curveType="monotone" yAxisProps={wholeNumbers} valueFormatter={valueFormatter}
          series={[{ name: 'listeners', label: t('analytics.charts.listeners'), color: 'blue.6' }, { name: 'newMembers', label: t('analytics.tiles.newMembers'), color: 'teal.6' }]} />,
        t('analytics.charts.listenersSummary', { listeners: summary.listeners, members: summary.newMembers }))}
      {chartCard('chart-languages', t('analytics.charts.languages'),
        languages.length === 0 ? noListeners : (
          <Group justify="center"><DonutChart data={languages} withLabelsLine withLabels size={160} thickness={28} chartLabel={number.format(summary.listeners)} valueFormatter={valueFormatter} /></Group>
        ),
        languages.map((l) => `${l.name}: ${number.format(l.value)}`).join(', ') || t('analytics.charts.noListeners'))}
      {chartCard('chart-salvations', t('analytics.charts.salvations'),
        <BarChart h={200} data={series} dataKey="label" yAxisProps={wholeNumbers} valueFormatter={valueFormatter} series={[{ name: 'salvations', label: t('analytics.tiles.salvations'), color: 'grape.6' }]} />,
        t('analytics.charts.salvationsSummary', { count: summary.salvations }))}
      {chartCard('chart-minutes', t('analytics.charts.minutesByLanguage'),
        languages.length === 0 ? noListeners : <BarChart h={Math.max(160, 40 * languages.length + 40)} data={summary.listenersByLanguage.map((l) => ({ language: nameOf(l.language), minutes: l.minutes }))} dataKey="language"
          // Bars lie down so each language's name has a line of its own: standing up, at 390 px the
          // axis had room for half of them and dropped the rest ("Chinês simplificado").
          orientation="vertical" yAxisProps={{ width: 132 }} xAxisProps={wholeNumbers} valueFormatter={valueFormatter}
          series={[{ name: 'minutes', label: t('analytics.tiles.listenerMinutes'), color: 'orange.6' }]} />,
        t('analytics.charts.minutesSummary', { minutes: summary.listenerMinutes }))}
    </SimpleGrid>
  );
}
