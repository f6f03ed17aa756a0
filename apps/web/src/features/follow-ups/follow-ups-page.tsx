import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { followUpStatuses, type FollowUp } from '@app/shared';
import { ListTable } from '../../components/data-table/list-table';
import { exportUrl } from '../../components/data-table/use-list-query';
import { useListParams } from '../../components/data-table/use-list-params';
import { FollowUpModal } from './follow-up-modal';
import { followUpsPath, useFollowUp, useFollowUps } from './follow-ups-api';
import { formattingLocale } from '../../i18n/interface-language';
import { useLanguageName } from '../../lib/use-language-name';

const FILTERS = ['status'] as const;

/**
 * `/follow-ups` (decision 014): staff see those assigned to them, admins their church's.
 * `?open={id}` opens one at once: the decisions list in analytics links each person's here.
 */
export function FollowUpsPage() {
  const { t, i18n } = useTranslation();
  const languageName = useLanguageName();
  const list = useListParams(FILTERS, '-createdAt');
  const query = useFollowUps(list.params);
  const [open, setOpen] = useState<FollowUp | null>(null);
  const [search, setSearch] = useSearchParams();
  const linked = useFollowUp(search.get('open'));
  const shown = open ?? linked.data ?? null;
  const close = () => {
    setOpen(null);
    if (search.has('open')) setSearch((s) => { s.delete('open'); return s; }, { replace: true });
  };
  const date = (iso: string) => new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const name = (f: FollowUp) => f.name ?? t('analytics.anonymous');
  const openButton = (f: FollowUp) => (
    <Button size="xs" variant="light" onClick={() => setOpen(f)} aria-label={t('followUps.openFor', { name: name(f) })}>{t('followUps.open')}</Button>
  );
  const columns: DataTableColumn<FollowUp>[] = [
    { accessor: 'name', title: t('followUps.columns.person'), render: name },
    { accessor: 'contact', title: t('followUps.columns.contact'), render: (f) => f.contact ?? f.email ?? '–' },
    { accessor: 'language', title: t('followUps.columns.language'), sortable: true, render: (f) => languageName(f.language) },
    { accessor: 'createdAt', title: t('followUps.columns.date'), sortable: true, render: (f) => date(f.createdAt) },
    { accessor: 'assignedToName', title: t('followUps.columns.assignedTo'), render: (f) => f.assignedToName ?? '–' },
    { accessor: 'status', title: t('followUps.columns.status'), sortable: true, render: (f) => t(`followUps.status.${f.status}`) },
    { accessor: 'actions', title: t('analytics.columns.actions'), render: openButton },
  ];
  return (
    <>
      {linked.isError && <Alert color="red" role="alert" mb="sm">{t('followUps.linkFailed')}</Alert>}
      <ListTable label={t('followUps.title')} list={list} query={query} columns={columns} searchLabel={t('followUps.search')}
        exportUrl={exportUrl(followUpsPath, list.params)}
        filters={<Select label={t('followUps.columns.status')} clearable w={180} value={list.params.filters.status ?? null}
          onChange={(v) => list.update({ filters: { status: v ?? '' } })} data={followUpStatuses.map((s) => ({ value: s, label: t(`followUps.status.${s}`) }))} />}
        empty={{ title: t('followUps.emptyTitle'), description: t('followUps.emptyBody') }}
        renderCard={(f) => (
          <Stack gap={4}>
            <Text fw={600}>{name(f)} · {t(`followUps.status.${f.status}`)}</Text>
            <Text size="sm" c="dimmed">{date(f.createdAt)} · {languageName(f.language)}</Text>
            {openButton(f)}
          </Stack>
        )} />
      {shown && <FollowUpModal key={shown.id} followUp={shown} onClose={close} />}
    </>
  );
}

export { FollowUpsPage as Component };
