import { useState } from 'react';
import { ActionIcon, Anchor, Box, Group, Image, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconChecks, IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_EDIT_WINDOW_MS, type ChatMessage } from '@app/shared';
import { MessageText } from './message-text';
import { formattingLocale } from '../../../i18n/interface-language';
import { useLanguageName } from '../../../lib/use-language-name';

interface Props {
  message: ChatMessage;
  isOwn: boolean;
  showSender: boolean;
  seen: boolean;
  onEdit: (m: ChatMessage) => void;
  onDelete: (m: ChatMessage) => void;
  onReport: (m: ChatMessage) => void;
}

/** One message: the reader's translation with "Translated from … · Show original", or as written. */
export function MessageBubble({ message: m, isOwn, showSender, seen, onEdit, onDelete, onReport }: Props) {
  const { t, i18n } = useTranslation();
  const [original, setOriginal] = useState(false);
  const languageName = useLanguageName();
  const time = new Intl.DateTimeFormat(formattingLocale(i18n), { hour: 'numeric', minute: '2-digit' }).format(new Date(m.createdAt));
  const gone = m.state !== 'normal';
  const canEdit = isOwn && !gone && !m.imageUrl && Date.now() - Date.parse(m.createdAt) < MESSAGE_EDIT_WINDOW_MS;
  const shown = m.translation && !original ? m.translation.text : m.text;
  // Dimmed grey on the tinted bubble of one's own messages is too faint to read (axe colour contrast).
  const meta = isOwn ? undefined : 'dimmed';
  return (
    <Group justify={isOwn ? 'flex-end' : 'flex-start'} wrap="nowrap" align="flex-start" gap={4} data-testid="chat-message">
      <Paper
        px="sm"
        py={6}
        radius="lg"
        maw="85%"
        withBorder={!isOwn}
        bg={isOwn ? 'var(--mantine-primary-color-light)' : undefined}
      >
        <Stack gap={2}>
          {showSender && !isOwn && (
            <Text size="xs" fw={600} c="dimmed">
              {m.sender?.name ?? t('chat.deletedAccount')}
            </Text>
          )}
          {gone ? (
            <Text size="sm" fs="italic" c={meta}>
              {t(`chat.state.${m.state}`)}
            </Text>
          ) : m.imageUrl ? (
            <Anchor href={m.imageUrl} target="_blank" rel="noopener noreferrer" aria-label={t('chat.photo')}>
              <Image src={m.imageUrl} alt={t('chat.photo')} radius="md" maw={240} mah={320} fit="contain" />
            </Anchor>
          ) : (
            <Box lang={m.translation && !original ? m.translation.language : m.language}>
              <MessageText text={shown ?? ''} />
            </Box>
          )}
          {!gone && m.translation && (
            <Text size="xs" c={meta}>
              {t('chat.translatedFrom', { language: languageName(m.language) })}
              {' · '}
              <Anchor component="button" type="button" size="xs" onClick={() => setOriginal((v) => !v)}>
                {original ? t('chat.showTranslation') : t('chat.showOriginal')}
              </Anchor>
            </Text>
          )}
          <Group gap={4} justify="flex-end">
            {m.editedAt && !gone && <Text size="xs" c={meta}>{t('chat.edited')}</Text>}
            <Text size="xs" c={meta}>{time}</Text>
            {isOwn && !gone && (
              <Text size="xs" fw={seen ? 600 : undefined}>
                {seen ? (
                  <Group gap={2} component="span">
                    <IconChecks size={14} aria-hidden />
                    {t('chat.seen')}
                  </Group>
                ) : (
                  t('chat.sent')
                )}
              </Text>
            )}
          </Group>
        </Stack>
      </Paper>
      {!gone && (
        <Menu position={isOwn ? 'bottom-end' : 'bottom-start'} withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('chat.messageActions')}>
              <IconDots size={14} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canEdit && <Menu.Item onClick={() => onEdit(m)}>{t('chat.edit')}</Menu.Item>}
            {isOwn && <Menu.Item color="red" onClick={() => onDelete(m)}>{t('chat.delete')}</Menu.Item>}
            {!isOwn && <Menu.Item color="red" onClick={() => onReport(m)}>{t('chat.report')}</Menu.Item>}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
