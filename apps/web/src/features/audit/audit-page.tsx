import { Anchor, Badge, CloseButton, Code, Group, Select, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { auditActions, type AuditEntry } from '@app/shared';
import { ChurchSelect } from '../../components/church-select';
import { DateRangeFilter } from '../../components/date-range-filter';
import { ListTable } from '../../components/data-table/list-table';
import { useListParams } from '../../components/data-table/use-list-params';
import { exportUrl } from '../../components/data-table/use-list-query';
import { readStoredUser } from '../../lib/stored-user';
import { AUDIT_PATH, useAuditLog } from './api/audit-log';
import { formattingLocale } from '../../i18n/interface-language';

const FILTERS = ['churchId', 'actorId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
const RECORD_TYPES = ['user', 'sermon', 'feedback', 'church', 'church_language', 'event', 'salvation', 'follow_up'] as const;

/** `/audit`: who did what to which record, and when. Read only: nothing here changes a record. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(`${t('nav.auditLog')} · ${t('common.appName')}`);
  const list = useListParams(FILTERS, '-at');
  const query = useAuditLog(list.params);
  const isPlatform = readStoredUser().userType === '1';
  const { filters } = list.params;
  const setFilter = (key: (typeof FILTERS)[number]) => (value: string | null) => list.update({ filters: { [key]: value ?? '' } });
  const actionLabel = (a: string) => t(`audit.actions.${a}`, { defaultValue: a });
  const when = (e: AuditEntry) => new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(e.at));
  const who = (e: AuditEntry) =>
    e.actorId && e.actorName ? (
      <Anchor component="button" type="button" size="sm" onClick={() => list.update({ filters: { actorId: e.actorId! } })} aria-label={t('audit.onlyBy', { name: e.actorName })}>
        {e.actorName}
      </Anchor>
    ) : (
      <Text size="sm" c="dimmed">{e.actorId ? t('audit.deletedPerson') : t('audit.system')}</Text>
    );
  const record = (e: AuditEntry) =>
    e.targetId ? (
      <Anchor component="button" type="button" size="sm" onClick={() => list.update({ filters: { targetType: e.targetType, targetId: e.targetId! } })} aria-label={t('audit.onlyRecord')}>
        {t(`audit.records.${e.targetType}`, { defaultValue: e.targetType })} · {e.targetId.slice(0, 8)}
      </Anchor>
    ) : (
      <Text size="sm">{t(`audit.records.${e.targetType}`, { defaultValue: e.targetType })}</Text>
    );

  const columns: DataTableColumn<AuditEntry>[] = [
    { accessor: 'at', title: t('audit.columns.when'), sortable: true, render: when },
    { accessor: 'actorName', title: t('audit.columns.who'), render: who },
    { accessor: 'action', title: t('audit.columns.action'), sortable: true, render: (e) => actionLabel(e.action) },
    { accessor: 'targetId', title: t('audit.columns.record'), render: record },
    ...(isPlatform ? [{ accessor: 'churchName', title: t('fields.church') } as DataTableColumn<AuditEntry>] : []),
    { accessor: 'details', title: t('audit.columns.details'), render: (e) => (e.details ? <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(e.details)}</Code> : '—') },
  ];

  return (
    <>
      {(filters.actorId || filters.targetId) && (
        <Group mb="sm" gap="xs">
          {filters.actorId && <Badge size="lg" variant="light" rightSection={<CloseButton size="xs" aria-label={t('audit.clearWho')} onClick={() => setFilter('actorId')(null)} />}>{t('audit.oneActor')}</Badge>}
          {filters.targetId && <Badge size="lg" variant="light" rightSection={<CloseButton size="xs" aria-label={t('audit.clearRecord')} onClick={() => list.update({ filters: { targetId: '', targetType: '' } })} />}>{t('audit.oneRecord')}</Badge>}
        </Group>
      )}
      <Text size="sm" c="dimmed" mb="sm">{t('audit.intro')}</Text>
      <ListTable
        label={t('nav.auditLog')}
        list={list}
        query={query}
        columns={columns}
        searchLabel={t('audit.search')}
        searchPlaceholder={t('audit.searchPlaceholder')}
        exportUrl={exportUrl(AUDIT_PATH, list.params)}
        filters={
          <>
            {isPlatform && <ChurchSelect label={t('fields.church')} clearable value={filters.churchId ?? null} onChange={setFilter('churchId')} w={220} />}
            <Select label={t('audit.columns.action')} clearable searchable w={230} value={filters.action ?? null} onChange={setFilter('action')} data={auditActions.map((a) => ({ value: a, label: actionLabel(a) }))} />
            <Select label={t('audit.recordType')} clearable w={170} value={filters.targetType ?? null} onChange={setFilter('targetType')} data={RECORD_TYPES.map((r) => ({ value: r, label: t(`audit.records.${r}`) }))} />
            <DateRangeFilter list={list} />
          </>
        }
        empty={{ title: t('audit.emptyTitle'), description: t('audit.emptyBody') }}
        renderCard={(e) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs"><Text fw={500} size="sm">{actionLabel(e.action)}</Text><Text size="xs" c="dimmed">{when(e)}</Text></Group>
            <Group gap="xs">{who(e)}<Text size="sm" c="dimmed">→</Text>{record(e)}</Group>
            {e.details && <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(e.details)}</Code>}
          </Stack>
        )}
      />
    </>
  );
}

export { AuditPage as Component };
