import { Alert, Anchor, Group, Skeleton, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/query-states';
import { useSummary, type AppliedFilters } from './api/get-summary';
import { BackupAlert } from './backup-alert';
import { DashboardFilters } from './dashboard-filters';
import { SummaryTiles } from './summary-tiles';
import { formattingLocale } from '../../i18n/interface-language';

// The charts library is most of the dashboard's weight and nothing draws before the first figures
// (spec section 9): it loads with the first figures, not with the page (decision 029).
const SummaryCharts = lazy(() => import('./summary-charts').then((m) => ({ default: m.SummaryCharts })));

/** The applied filters as the URL holds them; null until "Apply filters" was pressed once. */
function appliedFrom(search: URLSearchParams): AppliedFilters | null {
  const range = search.get('range');
  if (!range) return null;
  return { range, churchId: search.get('churchId'), from: search.get('from'), to: search.get('to') };
}

/** Tiles and charts for church and platform admins. */
export function AdminDashboard({ ownChurchId, isPlatform }: { ownChurchId: string | null; isPlatform: boolean }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  // Before "Apply filters" the first view is not empty: the last 30 days of the administrator's
  // church (all churches for a platform admin). The filters stay and replace it once applied.
  const fromUrl = appliedFrom(search);
  const applied: AppliedFilters = fromUrl ?? { range: '30d', churchId: isPlatform ? null : ownChurchId, from: null, to: null };
  const summary = useSummary(!isPlatform && !ownChurchId ? null : applied);

  const apply = (f: AppliedFilters) => {
    const next = new URLSearchParams({ range: f.range });
    if (f.churchId) next.set('churchId', f.churchId);
    if (f.from) next.set('from', f.from);
    if (f.to) next.set('to', f.to);
    setSearch(next);
    // Applying the same filters again refreshes the figures.
    if (next.toString() === search.toString()) void summary.refetch();
  };

  if (!isPlatform && !ownChurchId) {
    return <Alert color="yellow" icon={<IconInfoCircle />} title={t('analytics.noChurchTitle')}>{t('analytics.noChurchBody')}</Alert>;
  }

  const period = summary.data
    ? new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: summary.data.bucket === 'hour' ? 'short' : undefined, timeZone: summary.data.timeZone })
        .formatRange(new Date(summary.data.from), new Date(new Date(summary.data.to).getTime() - 1))
    : null;

  return (
    <Stack gap="md">
      {isPlatform && <BackupAlert />}
      {/* The administrator's work behind the figures, one click away (follow-ups, decision 014; the cost view, decision 033). */}
      <Group gap="md" component="nav" aria-label={t('dashboard.shortcuts')}>
        <Anchor component={Link} to={paths.followUps}>{t('nav.followUps')}</Anchor>
        <Anchor component={Link} to={`${paths.analytics}?tab=cost`}>{t('dashboard.costLink')}</Anchor>
      </Group>
      <DashboardFilters key={search.toString()} initial={applied} ownChurchId={ownChurchId} isPlatform={isPlatform} onApply={apply} />
      {summary.isPending ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">{Array.from({ length: 8 }, (_, i) => <Skeleton key={i} h={72} radius="md" />)}</SimpleGrid>
          <Skeleton h={240} radius="md" />
        </Stack>
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} title={t('analytics.loadFailed')} />
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm" c="dimmed">{t('analytics.period', { period, zone: summary.data.timeZone })}</Text>
          </Group>
          <SummaryTiles summary={summary.data} />
          <Suspense fallback={<Skeleton h={240} radius="md" role="status" aria-label={t('common.loading')} />}>
            <SummaryCharts summary={summary.data} />
          </Suspense>
        </Stack>
      )}
    </Stack>
  );
}
