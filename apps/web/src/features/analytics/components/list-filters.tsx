import { Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { useListParams } from '../../../components/data-table/use-list-params';
import { usePublicChurches } from '../../../lib/public-churches';

export const ANALYTICS_FILTERS = ['churchId', 'from', 'to'] as const;

/** Church (platform admins) and date range filters of every analytics list, kept in the URL. */
export function ListFilters({ list, isPlatform }: { list: ReturnType<typeof useListParams>; isPlatform: boolean }) {
  const { t } = useTranslation();
  const churches = usePublicChurches();
  const set = (key: string) => (value: string | null) => list.update({ filters: { [key]: value ?? '' } });
  return (
    <>
      {isPlatform && (
        <Select label={t('analytics.filters.church')} clearable searchable w={220} value={list.params.filters.churchId ?? null} onChange={set('churchId')}
          data={(churches.data ?? []).map((c) => ({ value: c.id, label: c.name }))} placeholder={t('analytics.filters.allChurches')} />
      )}
      <DateInput label={t('analytics.filters.from')} clearable w={160} valueFormat="YYYY-MM-DD" value={list.params.filters.from ?? null} onChange={(v) => set('from')(v)} />
      <DateInput label={t('analytics.filters.to')} clearable w={160} valueFormat="YYYY-MM-DD" value={list.params.filters.to ?? null} onChange={(v) => set('to')(v)} />
    </>
  );
}
