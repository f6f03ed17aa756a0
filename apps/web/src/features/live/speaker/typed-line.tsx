import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_SEGMENT_CHARS } from '@app/shared';

/**
 * A line the speaker or an operator types or pastes; Enter sends it like recognised speech. `prompt`:
 * nothing hears the speaker, so the box is brought into view and focused as it becomes true (decision 056).
 */
export function TypedLine({ disabled, onSend, prompt = false }: { disabled: boolean; onSend: (text: string) => void; prompt?: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!prompt || disabled) return;
    inputRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    inputRef.current?.focus({ preventScroll: true });
  }, [prompt, disabled]);
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
          ref={inputRef}
          style={{ flex: 1 }}
          label={t('live.speaker.typedLabel')}
          description={
            disabled ? t('live.speaker.typedPaused') : prompt ? <Text span inherit c="red">{t('live.speaker.typedNoEngine')}</Text> : t('live.speaker.typedHint')
          }
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
