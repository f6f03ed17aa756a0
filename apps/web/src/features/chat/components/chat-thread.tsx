import { Fragment, useEffect, useRef, useSyncExternalStore } from 'react';
import { ActionIcon, Avatar, Box, Button, Divider, Group, Menu, ScrollArea, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDotsVertical, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PHOTO_FIELD, type ChatMessage, type ConversationSummary } from '@app/shared';
import { ErrorState, LoadingState } from '../../../components/query-states';
import { useStoredUser } from '../../../components/navigation/use-stored-user';
import { imageFileProblem, uploadProblem } from '../../../components/image-file';
import { api, ApiError } from '../../../lib/api-client';
import { newClientId } from '../../../lib/outbox';
import { errorMessage } from '../../../lib/error-message';
import { useBlock, useMarkRead } from '../api/chat-mutations';
import { useConversation, useMessages } from '../api/chat-queries';
import { flushOutbox, pendingLines, queueMessage, subscribeOutbox } from '../chat-outbox';
import { useReaderLanguage } from '../chat-prefs';
import { useIsChatAdmin } from '../use-is-chat-admin';
import { useAddPeopleDialog } from './add-people';
import { ChatNotFound } from './chat-not-found';
import { Composer } from './composer';
import { dayLabel, sameDay } from './day-label';
import { MessageBubble } from './message-bubble';
import { useMessageDialogs } from './message-dialogs';
import { formattingLocale, interfaceLanguage } from '../../../i18n/interface-language';

/** One conversation: header, history with day separators and seen marks, waiting lines, composer. */
export function ChatThread({ conversationId, onBack }: { conversationId: string; onBack?: () => void }) {
  const { t, i18n } = useTranslation();
  const { userId } = useStoredUser();
  const { lang, translate, setTranslate } = useReaderLanguage();
  const conversation = useConversation(conversationId, lang);
  const history = useMessages(conversationId, lang);
  const pending = useSyncExternalStore(subscribeOutbox, () => pendingLines(conversationId));
  const markRead = useMarkRead();
  const block = useBlock();
  const dialogs = useMessageDialogs();
  const viewport = useRef<HTMLDivElement>(null);

  const items: ChatMessage[] = history.data ? [...history.data.pages].reverse().flatMap((p) => p.items) : [];
  const lastSeq = items.at(-1)?.seq ?? 0;
  const c = conversation.data;

  // Reading the conversation marks it read (the other side's "seen"), and new messages keep it read.
  useEffect(() => {
    if (c && c.unread > 0 && lastSeq > 0) markRead.mutate({ id: conversationId, upTo: lastSeq });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when what is shown changes
  }, [conversationId, lastSeq, c?.unread]);

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [lastSeq, pending.length]);

  if (conversation.error instanceof ApiError && conversation.error.status === 404) return <ChatNotFound onBack={onBack} />;
  if (conversation.error) return <ErrorState error={conversation.error} onRetry={() => void conversation.refetch()} />;
  if (!c) return <LoadingState />;

  const send = (text: string) => {
    queueMessage(conversationId, text);
    void flushOutbox(conversationId, interfaceLanguage(i18n), () => void history.refetch()).then(({ refused }) => {
      if (refused) notifications.show({ color: 'red', message: errorMessage(refused, t) });
    });
  };

  const sendPhoto = (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) return void notifications.show({ color: 'red', message: t(`images.${problem}`) });
    const body = new FormData();
    body.append(PHOTO_FIELD, file);
    const query = `clientId=${encodeURIComponent(newClientId())}&language=${encodeURIComponent(interfaceLanguage(i18n))}`;
    api(`/conversations/${encodeURIComponent(conversationId)}/images?${query}`, { method: 'POST', body }).then(
      () => void history.refetch(),
      (err: unknown) => notifications.show({ color: 'red', message: t(`images.${uploadProblem(err)}`, { defaultValue: errorMessage(err, t) }) }),
    );
  };

  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      <ThreadHeader conversation={c} onBack={onBack} translate={translate} setTranslate={setTranslate} onBlock={(blocked) => c.other && block.mutate({ userId: c.other.id, blocked })} />
      <ScrollArea style={{ flex: 1 }} viewportRef={viewport} px="sm" type="auto">
        <Stack gap={6} py="sm" aria-live="polite" aria-label={t('chat.messagesLabel')} role="log">
          {history.hasNextPage && (
            <Button variant="subtle" size="xs" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              {t('chat.loadEarlier')}
            </Button>
          )}
          {history.isPending && <LoadingState />}
          {history.error != null && <ErrorState error={history.error} onRetry={() => void history.refetch()} />}
          {history.data && items.length === 0 && pending.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="xl">{t('chat.noMessagesYet')}</Text>
          )}
          {items.map((m, i) => (
            <Fragment key={m.id}>
              {(i === 0 || !sameDay(items[i - 1]!.createdAt, m.createdAt)) && (
                <Divider my={4} label={dayLabel(m.createdAt, formattingLocale(i18n), t)} labelPosition="center" />
              )}
              <MessageBubble
                message={m}
                isOwn={m.sender?.id === userId}
                showSender={c.kind !== 'direct' && items[i - 1]?.sender?.id !== m.sender?.id}
                seen={m.seq <= c.othersReadUpTo}
                onEdit={dialogs.edit}
                onDelete={dialogs.remove}
                onReport={dialogs.report}
              />
            </Fragment>
          ))}
          {pending.map((line) => (
            <Group key={line.clientId} justify="flex-end" data-testid="chat-pending">
              <Box px="sm" py={6} maw="85%" style={{ borderRadius: 16, border: '1px dashed var(--mantine-color-default-border)' }}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{line.text}</Text>
                <Text size="xs" c="dimmed" ta="right">{t('chat.sending')}</Text>
              </Box>
            </Group>
          ))}
        </Stack>
      </ScrollArea>
      <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {c.canPost ? (
          <Composer key={conversationId} conversationId={conversationId} onSend={send} onPhoto={sendPhoto} />
        ) : (
          <Text size="sm" c="dimmed" ta="center">{t(c.kind === 'announcements' ? 'chat.announcementsOnly' : 'chat.cannotWrite')}</Text>
        )}
      </Box>
    </Stack>
  );
}

interface HeaderProps {
  conversation: ConversationSummary;
  onBack?: () => void;
  translate: boolean;
  setTranslate: (on: boolean) => void;
  onBlock: (blocked: boolean) => void;
}

function ThreadHeader({ conversation: c, onBack, translate, setTranslate, onBlock }: HeaderProps) {
  const { t } = useTranslation();
  const addPeople = useAddPeopleDialog();
  const mayAddPeople = useIsChatAdmin() && c.kind !== 'direct';
  const subtitle = c.kind === 'direct' ? (c.other ? t(`chat.roles.${c.other.role}`, { defaultValue: '' }) : t('chat.deletedAccount')) : t(`chat.kinds.${c.kind}`, { count: c.memberCount });
  return (
    <Group gap="xs" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      {onBack && (
        <ActionIcon variant="subtle" onClick={onBack} aria-label={t('chat.back')}>
          <IconArrowLeft size={18} aria-hidden />
        </ActionIcon>
      )}
      <Avatar src={c.other?.photoUrl} name={c.name || '?'} variant="filled" color="blue.9" size="md" />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Title order={3} size="h5" lineClamp={1}>{c.name || t('chat.deletedAccount')}</Title>
        <Text size="xs" c="dimmed" lineClamp={1}>{subtitle}</Text>
      </Box>
      {mayAddPeople && (
        <Button size="xs" variant="default" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => addPeople(c)}>
          {t('chat.addPeople')}
        </Button>
      )}
      <Menu position="bottom-end" withinPortal closeOnItemClick={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('chat.conversationOptions')}>
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>
            <Switch label={t('chat.translateMessages')} checked={translate} onChange={(e) => setTranslate(e.currentTarget.checked)} />
          </Menu.Item>
          {c.kind === 'direct' && c.other && (
            // Blocking is done once chosen: the menu closes, as it does not for the switch above.
            <Menu.Item color="red" closeMenuOnClick onClick={() => onBlock(!c.blockedByYou)}>
              {c.blockedByYou ? t('chat.unblock') : t('chat.block')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
