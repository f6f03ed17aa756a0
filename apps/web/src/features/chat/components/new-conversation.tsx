import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/error-message';
import { useStartConversation } from '../api/chat-mutations';
import { PeoplePicker, usePeopleSelection } from './people-picker';

function GroupForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const start = useStartConversation();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'group' | 'announcements'>('group');
  const { selected: members, toggle } = usePeopleSelection();
  const submit = () =>
    start.mutate({ name: name.trim(), memberIds: [...members], kind }, {
      onSuccess: (c) => onCreated(c.id),
      onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, t) }),
    });
  return (
    <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <Stack>
        <TextInput label={t('chat.groupName')} required value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} />
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as 'group' | 'announcements')}
          data={[{ value: 'group', label: t('chat.groupKind') }, { value: 'announcements', label: t('chat.announcementsKind') }]}
        />
        <Text size="xs" c="dimmed">{t(kind === 'group' ? 'chat.groupHelp' : 'chat.announcementsHelp')}</Text>
        <PeoplePicker onPick={toggle} selected={members} />
        <Group justify="flex-end">
          <Button type="submit" loading={start.isPending} disabled={!name.trim() || members.size === 0}>
            {t('chat.createGroup')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DirectPicker({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const start = useStartConversation();
  return (
    <PeoplePicker
      onPick={(userId) =>
        start.mutate({ userId }, {
          onSuccess: (c) => onCreated(c.id),
          onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, t) }),
        })
      }
    />
  );
}

/** "New message" (a person) and, for administrators, "New group". */
export function useNewConversationDialogs(onOpen: (id: string) => void) {
  const { t } = useTranslation();
  const done = (id: string) => {
    dialogs.closeAll();
    onOpen(id);
  };
  return {
    direct: () => dialogs.open({ title: t('chat.newMessage'), children: <DirectPicker onCreated={done} /> }),
    group: () => dialogs.open({ title: t('chat.newGroup'), children: <GroupForm onCreated={done} /> }),
  };
}
