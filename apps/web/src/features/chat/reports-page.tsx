import { Badge, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { MessageReport } from '@app/shared';
import { ListTable } from '../../components/data-table/list-table';
import { useListParams } from '../../components/data-table/use-list-params';
import { listKey, listQueryOptions } from '../../components/data-table/use-list-query';
import { dialogs } from '../../components/dialogs';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { MessageText } from './components/message-text';
import { formattingLocale } from '../../i18n/interface-language';

const REPORTS_PATH = '/message-reports';

/** `/message-reports`: the church's reported messages; an administrator removes one (audited). */
export function Component() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(`${t('chat.reports.title')} · ${t('common.appName')}`);
  const list = useListParams([], '-createdAt');
  const query = useQuery(listQueryOptions<MessageReport>(REPORTS_PATH, list.params));
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (messageId: string) => api<void>(`/messages/${encodeURIComponent(messageId)}/remove`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey(REPORTS_PATH) });
      notifications.show({ color: 'green', message: t('chat.reports.removed') });
    },
    onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, t) }),
  });
  const when = (r: MessageReport) => new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(r.createdAt));
  const message = (r: MessageReport) =>
    r.message.state === 'normal' ? <MessageText text={r.message.text ?? ''} /> : <Text size="sm" fs="italic" c="dimmed">{t(`chat.state.${r.message.state}`)}</Text>;
  const action = (r: MessageReport) =>
    r.message.state === 'normal' ? (
      <Button
        size="xs"
        color="red"
        variant="light"
        loading={remove.isPending && remove.variables === r.messageId}
        onClick={() =>
          dialogs.confirm({
            title: t('chat.reports.removeTitle'),
            children: <Text size="sm">{t('chat.reports.removeBody')}</Text>,
            labels: { confirm: t('chat.reports.remove'), cancel: t('chat.cancel') },
            confirmProps: { color: 'red' },
            onConfirm: () => remove.mutate(r.messageId),
          })
        }
      >
        {t('chat.reports.remove')}
      </Button>
    ) : (
      <Badge variant="light" color="gray">{t('chat.reports.handled')}</Badge>
    );
  const columns: DataTableColumn<MessageReport>[] = [
    { accessor: 'createdAt', title: t('chat.reports.when'), sortable: true, render: when },
    { accessor: 'message', title: t('chat.reports.message'), render: message },
    { accessor: 'sender', title: t('chat.reports.writtenBy'), render: (r) => r.message.sender?.name ?? t('chat.deletedAccount') },
    { accessor: 'reporter', title: t('chat.reports.reportedBy'), render: (r) => r.reporter?.name ?? t('chat.deletedAccount') },
    { accessor: 'reason', title: t('chat.reports.reason'), render: (r) => r.reason || '—' },
    { accessor: 'id', title: t('chat.reports.action'), render: action },
  ];
  return (
    <ListTable
      label={t('chat.reports.title')}
      list={list}
      query={query}
      columns={columns}
      searchLabel={t('chat.reports.search')}
      empty={{ title: t('chat.reports.emptyTitle'), description: t('chat.reports.emptyBody') }}
      renderCard={(r) => (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">{when(r)} · {r.message.sender?.name ?? t('chat.deletedAccount')}</Text>
          {message(r)}
          {r.reason && <Text size="xs">{t('chat.reports.reason')}: {r.reason}</Text>}
          {action(r)}
        </Stack>
      )}
    />
  );
}
