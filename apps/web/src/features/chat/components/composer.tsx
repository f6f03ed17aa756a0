import { useState } from 'react';
import { ActionIcon, FileButton, Group, Text, Textarea } from '@mantine/core';
import { IconPhoto, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TEXT_MAX } from '@app/shared';
import { churchEventImageTypes } from '../../../components/image-file';
import { drafts } from '../chat-prefs';

/** Writes a message: Enter sends, Shift+Enter starts a new line; the draft is kept per conversation. */
export function Composer({ conversationId, onSend, onPhoto }: { conversationId: string; onSend: (text: string) => void; onPhoto: (file: File) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => drafts.read(conversationId));
  const change = (value: string) => {
    setText(value);
    drafts.write(conversationId, value);
  };
  const trimmed = text.trim();
  // Too long to send: the field says so and Send is off until it is shortened.
  const tooLong = trimmed.length > MESSAGE_TEXT_MAX;
  const send = () => {
    if (!trimmed || tooLong) return;
    onSend(trimmed);
    change('');
  };
  return (
    <form onSubmit={(e) => { e.preventDefault(); send(); }}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={(file) => file && onPhoto(file)} accept={churchEventImageTypes.join(',')}>
          {(props) => (
            <ActionIcon {...props} variant="subtle" size="lg" radius="xl" aria-label={t('chat.sendPhoto')}>
              <IconPhoto size={18} aria-hidden />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={5}
          aria-label={t('chat.composerLabel')}
          placeholder={t('chat.composerPlaceholder')}
          value={text}
          onChange={(e) => change(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          error={tooLong ? t('chat.tooLong', { max: MESSAGE_TEXT_MAX }) : undefined}
        />
        <ActionIcon type="submit" size="lg" radius="xl" aria-label={t('chat.send')} disabled={!trimmed || tooLong}>
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {text.length > MESSAGE_TEXT_MAX * 0.9 && (
        <Text size="xs" c="dimmed" ta="right">{text.length} / {MESSAGE_TEXT_MAX}</Text>
      )}
    </form>
  );
}
