import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_SEGMENT_CHARS } from '@app/shared';

/** A line the speaker or an operator types or pastes; Enter sends it like recognised speech. */
export function TypedLine({ disabled, onSend }: { disabled: boolean; onSend: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(t('live.speaker.typedEmpty'));
      return;
    }
    onSend(text);
    setText('');
    setError(null);
  };
  return (
    <form onSubmit={handleSubmit}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('live.speaker.typedLabel')}
          description={disabled ? t('live.speaker.typedPaused') : t('live.speaker.typedHint')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          disabled={disabled}
          maxLength={MAX_SEGMENT_CHARS * 5}
          autoComplete="off"
        />
        <Button type="submit" disabled={disabled} leftSection={<IconSend size={18} />} mb={error ? 22 : 0}>
          {t('live.speaker.send')}
        </Button>
      </Group>
    </form>
  );
}
