import { Button, Group, Select, Skeleton } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRanges } from '@app/shared';
import { usePublicChurches } from '../../lib/public-churches';
import type { AppliedFilters } from './api/get-summary';

const ALL = 'all';

// The calendar is for a custom range only: it loads, with its styles, when that range is picked
// (decision 029).
const DatePickerInput = lazy(() =>
  Promise.all([import('@mantine/dates'), import('@mantine/dates/styles.css')]).then(([m]) => ({ default: m.DatePickerInput })),
);

/**
 * Church and date range (spec sections 2 and 9). Choices stay local until "Apply filters": only
 * then do they go to the URL, and only then does the dashboard load (spec: "data loads only after
 * the apply-filters action").
 */
export function DashboardFilters({ initial, ownChurchId, isPlatform, onApply }: {
  initial: AppliedFilters;
  ownChurchId: string | null;
  isPlatform: boolean;
  onApply: (f: AppliedFilters) => void;
}) {
  const { t } = useTranslation();
  const churches = usePublicChurches();
  const [churchId, setChurchId] = useState<string>(initial.churchId ?? (isPlatform ? ALL : ownChurchId ?? ALL));
  const [range, setRange] = useState(initial.range);
  const [custom, setCustom] = useState<[string | null, string | null]>([initial.from, initial.to]);

  const churchOptions = (churches.data ?? [])
    .filter((c) => isPlatform || c.id === ownChurchId)
    .map((c) => ({ value: c.id, label: c.id === ownChurchId ? t('analytics.filters.yourChurch', { name: c.name }) : c.name }));
  const data = isPlatform ? [{ value: ALL, label: t('analytics.filters.allChurches') }, ...churchOptions] : churchOptions;
  const customIncomplete = range === 'custom' && (!custom[0] || !custom[1]);

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select label={t('analytics.filters.church')} data={data} value={churchId} onChange={(v) => setChurchId(v ?? ALL)} w={{ base: '100%', xs: 300 }} allowDeselect={false} />
      <Select
        label={t('analytics.filters.range')}
        data={dateRanges.map((r) => ({ value: r, label: t(`analytics.ranges.${r}`) }))}
        value={range}
        onChange={(v) => setRange(v ?? 'week')}
        allowDeselect={false}
        w={200}
      />
      {range === 'custom' && (
        <Suspense fallback={<Skeleton h={36} w={260} radius="sm" role="status" aria-label={t('common.loading')} />}>
          <DatePickerInput
            type="range"
            label={t('analytics.filters.customDates')}
            placeholder={t('analytics.filters.pickDates')}
            value={custom}
            onChange={(v) => setCustom(v as [string | null, string | null])}
            w={260}
            clearable
          />
        </Suspense>
      )}
      <Button
        leftSection={<IconFilter size={16} aria-hidden />}
        disabled={customIncomplete}
        onClick={() => onApply({ churchId: churchId === ALL ? null : churchId, range, from: range === 'custom' ? custom[0] : null, to: range === 'custom' ? custom[1] : null })}
      >
        {t('analytics.filters.apply')}
      </Button>
    </Group>
  );
}
