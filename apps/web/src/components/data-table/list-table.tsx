import 'mantine-datatable/styles.css';
import { Button, Card, Group, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ErrorState } from '../query-states';
import { ListPagination } from '../list-pagination';
import { fromSortStatus, PAGE_SIZES, toSortStatus } from './list-params';
import { ListSearch } from './list-search';
import type { useListParams } from './use-list-params';

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ListTableProps<T> {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  list: ReturnType<typeof useListParams>;
  query: UseQueryResult<ListPage<T>>;
  columns: DataTableColumn<T>[];
  searchLabel: string;
  searchPlaceholder?: string;
  /** The CSV download of the same query (`…/export.csv?…`); its XLSX twin is offered beside it. */
  exportUrl?: string;
  /** Filter controls, shown beside the search. */
  filters?: ReactNode;
  /** The list as a whole had nothing (no search or filter): what to do about it. */
  empty: { title: string; description: string; action?: ReactNode };
  /** How one record reads as a card on a phone, where a wide table would be clipped. */
  renderCard: (record: T) => ReactNode;
}

const PHONE = '(max-width: 48em)';

/**
 * The one table of the product (decision 010), on mantine-datatable: page, search, sort and
 * filters in the URL; a skeleton while loading, an empty state that says what to do, an error state
 * with a retry; cards instead of a clipped table on a phone.
 */
export function ListTable<T extends { id: string }>(p: ListTableProps<T>) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE);
  const { params, update } = p.list;
  const narrowed = params.q !== '' || Object.keys(params.filters).length > 0;
  const data = p.query.data;
  const tableRef = useRef<HTMLTableElement>(null as unknown as HTMLTableElement);
  // mantine-datatable names its sort icons in English only ("Not sorted", shown as a tooltip too);
  // they are renamed in the interface language after each render. React leaves an attribute alone
  // while its own value for it is unchanged, so the names stay.
  useLayoutEffect(() => {
    const names: Record<string, string> = { 'Not sorted': t('common.list.sortNone'), 'Sorted ascending': t('common.list.sortAsc'), 'Sorted descending': t('common.list.sortDesc') };
    tableRef.current?.querySelectorAll<HTMLElement>('thead [role="img"][aria-label]').forEach((icon) => {
      const name = names[icon.getAttribute('aria-label') ?? ''];
      if (name) icon.setAttribute('aria-label', name);
      if (name && icon.title) icon.title = name;
    });
  });

  const toolbar = (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <ListSearch value={params.q} onSearch={(q) => update({ q }, { replace: true })} label={p.searchLabel} placeholder={p.searchPlaceholder} />
      {p.filters}
      {p.exportUrl && (
        <Button component="a" href={p.exportUrl} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          {t('common.list.exportCsv')}
        </Button>
      )}
      {p.exportUrl && (
        <Button component="a" href={p.exportUrl.replace('/export.csv', '/export.xlsx')} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          {t('common.list.exportXlsx')}
        </Button>
      )}
    </Group>
  );

  let body: ReactNode;
  if (p.query.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h={isPhone ? 72 : 36} radius="sm" />)}
      </Stack>
    );
  } else if (p.query.isError) {
    body = <ErrorState error={p.query.error} onRetry={() => void p.query.refetch()} title={t('common.list.loadFailed')} />;
  } else if (data && data.total === 0) {
    body = narrowed ? (
      <EmptyList
        title={t('common.list.noMatchesTitle')}
        description={params.q ? t('common.list.noMatchesSearch', { q: params.q }) : t('common.list.noMatchesFilters')}
        action={<Button variant="light" onClick={() => update({ q: '', filters: Object.fromEntries(Object.keys(params.filters).map((k) => [k, ''])) })}>{t('common.list.clearAll')}</Button>}
      />
    ) : (
      <EmptyList title={p.empty.title} description={p.empty.description} action={p.empty.action} />
    );
  } else if (data && isPhone) {
    body = (
      <Stack gap="sm">
        <Stack gap="xs" component="ul" aria-label={p.label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.items.map((record) => (
            <Card component="li" key={record.id} withBorder padding="sm" radius="md">
              {p.renderCard(record)}
            </Card>
          ))}
        </Stack>
        <ListPagination page={data.page} pageSize={data.pageSize} total={data.total} onChange={(page) => update({ page })} />
      </Stack>
    );
  } else if (data) {
    body = (
      <DataTable<T>
        aria-label={p.label}
        tableRef={tableRef}
        withTableBorder
        borderRadius="md"
        highlightOnHover
        minHeight={120}
        records={data.items}
        columns={p.columns}
        fetching={p.query.isFetching}
        totalRecords={data.total}
        page={data.page}
        onPageChange={(page) => update({ page })}
        recordsPerPage={data.pageSize}
        recordsPerPageOptions={[...PAGE_SIZES]}
        onRecordsPerPageChange={(pageSize) => update({ pageSize })}
        recordsPerPageLabel={t('common.list.pageSize')}
        sortStatus={toSortStatus(params.sort)}
        onSortStatusChange={(s) => update({ sort: fromSortStatus({ columnAccessor: String(s.columnAccessor), direction: s.direction }) })}
        paginationText={({ from, to, totalRecords }) => t('common.pagination.showing', { from, to, total: totalRecords })}
        getPaginationControlProps={(control) => ({ 'aria-label': t(`common.pagination.${control}`) })}
        getPaginationItemProps={(page) => ({ 'aria-label': t('common.pagination.page', { page }) })}
        loadingText={t('common.loading')}
        noRecordsText={t('common.list.noMatchesTitle')}
      />
    );
  }

  return (
    <Stack gap="md">
      {toolbar}
      {body}
    </Stack>
  );
}
