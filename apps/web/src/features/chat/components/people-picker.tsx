import { useState } from 'react';
import { Avatar, Checkbox, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useContacts } from '../api/chat-queries';

/**
 * People the actor may write to, searched by name: with `selected`, a checkbox each (a group's
 * members); without, a button each (the person of a direct conversation).
 */
export function PeoplePicker({ onPick, selected }: { onPick: (id: string) => void; selected?: Set<string> }) {
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

/** The people ticked in a `PeoplePicker`, and the toggle to pass as its `onPick`. */
export function usePeopleSelection() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = (id: string) => setSelected((old) => {
    const next = new Set(old);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  return { selected, toggle };
}
