import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useListParams } from './data-table/use-list-params';

/**
 * `from` and `to` filters of a list (dates, `to` inclusive for people, exclusive for the API), kept
 * in the URL like every other filter. The browser's own date input: keyboard and phone friendly.
 */
export function DateRangeFilter({ list }: { list: ReturnType<typeof useListParams> }) {
  const { t } = useTranslation();
  const { filters } = list.params;
  const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return (
    <>
      <TextInput type="date" w={160} label={t('dateRange.from')} value={filters.from ?? ''} onChange={(e) => list.update({ filters: { from: e.currentTarget.value } })} />
      <TextInput
        type="date"
        w={160}
        label={t('dateRange.to')}
        value={filters.to ? dayBefore(filters.to) : ''}
        onChange={(e) => list.update({ filters: { to: e.currentTarget.value ? dayAfter(e.currentTarget.value) : '' } })}
      />
    </>
  );
}
