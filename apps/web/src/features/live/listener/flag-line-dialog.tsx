import { Alert, Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Caption, CreateTranslationFlagBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

/**
 * "Wrong translation" on one caption, with an optional better wording (decision 025). Loaded on
 * the first tap of a flag: most listeners never open it.
 */
export function FlagLineDialog({ sermonId, caption, onClose }: { sermonId: string; caption: Caption | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [suggestion, setSuggestion] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | Error>('idle');

  const close = () => {
    setSuggestion('');
    setState('idle');
    onClose();
  };
  const send = async () => {
    if (!caption) return;
    setState('sending');
    const body: CreateTranslationFlagBody = { seq: caption.seq, language: caption.language, ...(suggestion.trim() ? { suggestion: suggestion.trim() } : {}) };
    try {
      await api(`/sermons/${encodeURIComponent(sermonId)}/flags`, { method: 'POST', body });
      setState('sent');
    } catch (err) {
      setState(err instanceof Error ? err : new Error('failed'));
    }
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('glossary.listenerFlag.close') }} opened={caption !== null} onClose={close} title={t('glossary.listenerFlag.title')} centered>
      {state === 'sent' ? (
        <Stack gap="sm">
          <Alert color="teal" role="status">{t('glossary.listenerFlag.sent')}</Alert>
          <Button onClick={close}>{t('glossary.listenerFlag.close')}</Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('glossary.listenerFlag.body')}</Text>
          <Text dir="auto" lang={caption?.language} fw={500}>{caption?.text}</Text>
          <Textarea
            label={t('glossary.listenerFlag.suggestion')}
            dir="auto"
            lang={caption?.language}
            autosize
            minRows={2}
            maxLength={400}
            value={suggestion}
            onChange={(e) => setSuggestion(e.currentTarget.value)}
          />
          {state instanceof Error && <Alert color="red" role="alert">{errorMessage(state, t)}</Alert>}
          <Button onClick={() => void send()} loading={state === 'sending'} size="md">{t('glossary.listenerFlag.send')}</Button>
        </Stack>
      )}
    </Modal>
  );
}
