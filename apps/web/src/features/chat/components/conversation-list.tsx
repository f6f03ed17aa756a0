import { Avatar, Badge, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconSpeakerphone, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '@app/shared';
import { EmptyList, ErrorState, LoadingState } from '../../../components/query-states';
import { useConversations } from '../api/chat-queries';
import { useReaderLanguage } from '../chat-prefs';
import { formattingLocale } from '../../../i18n/interface-language';

function preview(c: ConversationSummary, t: (k: string) => string): string {
  const m = c.lastMessage;
  if (!m) return t('chat.noMessagesYet');
  if (m.state !== 'normal') return t(`chat.state.${m.state}`);
  if (m.imageUrl) return t('chat.photo');
  return m.translation?.text ?? m.text ?? '';
}

/** The person's conversations, newest activity first, with unread counts. */
export function ConversationList({ selectedId, onOpen }: { selectedId?: string; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const { lang } = useReaderLanguage();
  const list = useConversations(lang);
  if (list.error) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <LoadingState />;
  const items = list.data.items;
  if (items.length === 0) return <EmptyList title={t('chat.emptyTitle')} description={t('chat.emptyBody')} />;
  const time = (iso: string) => {
    const d = new Date(iso);
    const sameDay = d.toDateString() === new Date().toDateString();
    return new Intl.DateTimeFormat(formattingLocale(i18n), sameDay ? { hour: 'numeric', minute: '2-digit' } : { day: 'numeric', month: 'short' }).format(d);
  };
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('chat.conversations')}>
      {items.map((c) => (
        <li key={c.id}>
          <UnstyledButton
            w="100%"
            px="sm"
            py="xs"
            onClick={() => onOpen(c.id)}
            aria-current={c.id === selectedId ? 'true' : undefined}
            bg={c.id === selectedId ? 'var(--mantine-color-default-hover)' : undefined}
            aria-label={c.unread > 0 ? t('chat.openWithUnread', { name: c.name || t('chat.deletedAccount'), count: c.unread }) : undefined}
          >
            <Group wrap="nowrap" gap="sm">
              <Avatar src={c.other?.photoUrl} name={c.name || '?'} variant="filled" color="blue.9">
                {c.kind === 'group' ? <IconUsersGroup size={20} aria-hidden /> : c.kind === 'announcements' ? <IconSpeakerphone size={20} aria-hidden /> : undefined}
              </Avatar>
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={c.unread > 0 ? 700 : 500} size="sm" truncate>{c.name || t('chat.deletedAccount')}</Text>
                  {c.lastMessageAt && <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{time(c.lastMessageAt)}</Text>}
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="xs" c="dimmed" truncate>{preview(c, t)}</Text>
                  {c.unread > 0 && <Badge size="sm" circle={c.unread < 10}>{c.unread}</Badge>}
                </Group>
              </Box>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
