import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '@app/shared';
import { dialogs } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/error-message';
import { useAddMembers } from '../api/chat-mutations';
import { PeoplePicker, usePeopleSelection } from './people-picker';

function AddPeopleForm({ conversation, onDone }: { conversation: ConversationSummary; onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddMembers(conversation.id);
  const { selected, toggle } = usePeopleSelection();
  const submit = () =>
    add.mutate({ memberIds: [...selected] }, {
      onSuccess: (after) => {
        // The server leaves people already in the group as they are: the count is who really joined.
        const count = Math.max(0, after.memberCount - conversation.memberCount);
        notifications.show({ color: 'green', message: count > 0 ? t('chat.addedPeople', { count }) : t('chat.alreadyMembers') });
        onDone();
      },
    });
  return (
    <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <Stack>
        <Text size="xs" c="dimmed">{t('chat.addPeopleHelp')}</Text>
        <PeoplePicker onPick={toggle} selected={selected} />
        {add.error != null && <Alert color="red" role="alert">{errorMessage(add.error, t)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>{t('chat.cancel')}</Button>
          <Button type="submit" loading={add.isPending} disabled={selected.size === 0}>{t('chat.add')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Add people" to a group or announcements (administrators; the server has the last word). */
export function useAddPeopleDialog() {
  const { t } = useTranslation();
  return (conversation: ConversationSummary) =>
    dialogs.open({ title: t('chat.addPeople'), children: <AddPeopleForm conversation={conversation} onDone={dialogs.closeAll} /> });
}
