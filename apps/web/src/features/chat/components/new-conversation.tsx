import { useState } from 'react';
import { Avatar, Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/error-message';
import { useStartConversation } from '../api/chat-mutations';
import { useContacts } from '../api/chat-queries';

function PeoplePicker({ onPick, selected }: { onPick: (id: string) => void; selected?: Set<string> }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const contacts = useContacts(debounced);
  return (
    <Stack gap="xs">
      <TextInput label={t('chat.searchPeople')} value={q} onChange={(e) => setQ(e.currentTarget.value)} data-autofocus />
      <Stack gap={2} mah={300} style={{ overflowY: 'auto' }}>
        {contacts.data?.items.length === 0 && <Text size="sm" c="dimmed">{t('chat.nobodyFound')}</Text>}
        {contacts.data?.items.map((p) =>
          selected ? (
            <Checkbox key={p.id} label={p.name} checked={selected.has(p.id)} onChange={() => onPick(p.id)} py={4} />
          ) : (
            <UnstyledButton key={p.id} onClick={() => onPick(p.id)} py={4} aria-label={t('chat.writeTo', { name: p.name })}>
              <Group gap="sm" wrap="nowrap">
                <Avatar src={p.photoUrl} name={p.name} variant="filled" color="blue.9" size="sm" />
                <div>
                  <Text size="sm">{p.name}</Text>
                  <Text size="xs" c="dimmed">{t(`chat.roles.${p.role}`, { defaultValue: '' })}</Text>
                </div>
              </Group>
            </UnstyledButton>
          ),
        )}
      </Stack>
    </Stack>
  );
}

function GroupForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const start = useStartConversation();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'group' | 'announcements'>('group');
  const [members, setMembers] = useState<Set<string>>(new Set());
  const toggle = (id: string) => setMembers((old) => {
    const next = new Set(old);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
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
