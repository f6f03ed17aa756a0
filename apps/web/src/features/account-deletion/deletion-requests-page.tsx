import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deletionStatuses, type DeletionRequest } from '@app/shared';
import { ChurchSelect } from '../../components/church-select';
import { confirmDestructive } from '../../components/confirm-button';
import { ListTable } from '../../components/data-table/list-table';
import { useListParams } from '../../components/data-table/use-list-params';
import { exportUrl } from '../../components/data-table/use-list-query';
import { StatusBadge } from '../../components/status-badge';
import { readStoredUser } from '../../lib/stored-user';
import { DELETION_REQUESTS_PATH, useApproveDeletionRequest, useDeletionRequests } from './api/review-deletion-requests';
import { longDate } from './components/dates';
import { RejectModal } from './components/reject-modal';
import { formattingLocale } from '../../i18n/interface-language';

const FILTERS = ['status', 'churchId'] as const;

/** `/deletion-requests`: church admins review their people's requests (spec section 6), platform admins everyone's. */
export function DeletionRequestsPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(`${t('nav.deletionRequests')} · ${t('common.appName')}`);
  const list = useListParams(FILTERS, '-requestedAt');
  const query = useDeletionRequests(list.params);
  const approve = useApproveDeletionRequest();
  const [rejecting, setRejecting] = useState<DeletionRequest | null>(null);
  const isPlatform = readStoredUser().userType === '1';
  const setFilter = (key: (typeof FILTERS)[number]) => (value: string | null) => list.update({ filters: { [key]: value ?? '' } });
  const who = (r: DeletionRequest) => r.personName ?? t('deletionReview.deletedPerson');

  const handleApprove = (r: DeletionRequest) =>
    confirmDestructive({
      title: t('deletionReview.approveTitle'),
      message: t('deletionReview.approveBody', { name: who(r), deleteBy: longDate(r.deleteBy, formattingLocale(i18n)) }),
      confirmLabel: t('deletionReview.approve'),
      onConfirm: () => approve.mutate(r.id, {
        onSuccess: () => notifications.show({ color: 'green', message: t('deletionReview.approved') }),
        onError: () => notifications.show({ color: 'red', message: t('deletionReview.decisionFailed') }),
      }),
    }, t('common.cancel'));

  const actions = (r: DeletionRequest) =>
    r.status === 'pending' ? (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" color="red" onClick={() => handleApprove(r)} aria-label={t('deletionReview.approveFor', { name: who(r) })}>{t('deletionReview.approve')}</Button>
        <Button size="xs" variant="default" onClick={() => setRejecting(r)} aria-label={t('deletionReview.rejectFor', { name: who(r) })}>{t('deletionReview.reject')}</Button>
      </Group>
    ) : null;

  const state = (r: DeletionRequest) => (
    <Group gap={4}>
      <StatusBadge status={r.status} />
      {r.escalatedAt && r.status === 'pending' && <Badge color="orange" variant="light">{t('deletionReview.overdue')}</Badge>}
      {r.purgedAt && <Badge color="gray" variant="light">{t('deletionReview.purged')}</Badge>}
    </Group>
  );

  const reasonText = (r: DeletionRequest) => [t(`accountDeletion.reasons.${r.reason}`), r.details].filter(Boolean).join(' — ');

  const columns: DataTableColumn<DeletionRequest>[] = [
    { accessor: 'requestedAt', title: t('deletionReview.requested'), sortable: true, render: (r) => longDate(r.requestedAt, formattingLocale(i18n)) },
    { accessor: 'personName', title: t('deletionReview.person'), render: (r) => <Stack gap={0}><Text size="sm" fw={500}>{who(r)}</Text>{r.personEmail && <Text size="xs" c="dimmed">{r.personEmail}</Text>}</Stack> },
    ...(isPlatform ? [{ accessor: 'churchName', title: t('fields.church') } as DataTableColumn<DeletionRequest>] : []),
    { accessor: 'reason', title: t('deletionReview.reason'), render: (r) => <Text size="sm" lineClamp={2}>{reasonText(r)}</Text> },
    { accessor: 'status', title: t('deletionReview.status'), sortable: true, render: state },
    { accessor: 'deleteBy', title: t('deletionReview.deleteBy'), render: (r) => (r.status === 'pending' || r.status === 'approved' ? longDate(r.deleteBy, formattingLocale(i18n)) : '—') },
    { accessor: 'actions', title: t('deletionReview.actions'), render: actions },
  ];

  return (
    <>
      <ListTable
        label={t('nav.deletionRequests')}
        list={list}
        query={query}
        columns={columns}
        searchLabel={t('deletionReview.search')}
        searchPlaceholder={t('deletionReview.searchPlaceholder')}
        exportUrl={exportUrl(DELETION_REQUESTS_PATH, list.params)}
        filters={
          <>
            <Select label={t('deletionReview.status')} clearable w={170} value={list.params.filters.status ?? null} onChange={setFilter('status')} data={deletionStatuses.map((s) => ({ value: s, label: t(`common.status.${s}`) }))} />
            {isPlatform && <ChurchSelect label={t('fields.church')} clearable value={list.params.filters.churchId ?? null} onChange={setFilter('churchId')} w={220} />}
          </>
        }
        empty={{ title: t('deletionReview.emptyTitle'), description: t('deletionReview.emptyBody') }}
        renderCard={(r) => (
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap"><Text fw={500}>{who(r)}</Text>{state(r)}</Group>
            {r.personEmail && <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{r.personEmail}</Text>}
            <Text size="sm">{reasonText(r)}</Text>
            <Text size="xs" c="dimmed">
              {r.status === 'pending' || r.status === 'approved'
                ? t('deletionReview.cardDates', { requested: longDate(r.requestedAt, formattingLocale(i18n)), deleteBy: longDate(r.deleteBy, formattingLocale(i18n)) })
                : `${t('deletionReview.requested')}: ${longDate(r.requestedAt, formattingLocale(i18n))}`}
            </Text>
            {actions(r)}
          </Stack>
        )}
      />
      <RejectModal request={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

export { DeletionRequestsPage as Component };
