import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TEXT_MAX, type ChatMessage } from '@app/shared';
import { dialogs } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/error-message';
import { useMessageActions } from '../api/chat-mutations';

function EditForm({ initial, onSave, onCancel }: { initial: string; onSave: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  return (
    <form onSubmit={(e) => { e.preventDefault(); if (text.trim()) onSave(text.trim()); }}>
      <Stack>
        <Textarea label={t('chat.editLabel')} autosize minRows={2} maxLength={MESSAGE_TEXT_MAX} value={text} onChange={(e) => setText(e.currentTarget.value)} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t('chat.cancel')}</Button>
          <Button type="submit" disabled={!text.trim()}>{t('chat.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit, delete and report, each through the app's dialogs. */
export function useMessageDialogs() {
  const { t } = useTranslation();
  const actions = useMessageActions();
  const failed = (err: unknown) => notifications.show({ color: 'red', message: errorMessage(err, t) });
  return {
    edit: (m: ChatMessage) =>
      dialogs.open({
        title: t('chat.editTitle'),
        children: (
          <EditForm
            initial={m.text ?? ''}
            onCancel={dialogs.closeAll}
            onSave={(text) => {
              dialogs.closeAll();
              actions.edit.mutate({ id: m.id, text }, { onError: failed });
            }}
          />
        ),
      }),
    remove: (m: ChatMessage) =>
      dialogs.confirm({
        title: t('chat.deleteTitle'),
        children: <Text size="sm">{t('chat.deleteBody')}</Text>,
        labels: { confirm: t('chat.delete'), cancel: t('chat.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () => actions.remove.mutate(m.id, { onError: failed }),
      }),
    report: (m: ChatMessage) =>
      dialogs.confirm({
        title: t('chat.reportTitle'),
        children: <Text size="sm">{t('chat.reportBody')}</Text>,
        labels: { confirm: t('chat.report'), cancel: t('chat.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          actions.report.mutate({ id: m.id, reason: '' }, {
            onSuccess: () => notifications.show({ color: 'green', message: t('chat.reported') }),
            onError: failed,
          }),
      }),
  };
}
