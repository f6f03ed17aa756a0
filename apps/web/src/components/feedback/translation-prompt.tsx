import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryScope } from '../../lib/query-scope';
import { readStoredUser } from '../../lib/stored-user';
import { FeedbackForm } from './feedback-form';

/**
 * "How was the translation?" — offered on the listener screen once a sermon ends.
 * Feedback needs a person (spec section 5), so a guest is told to sign in instead of being shown a form.
 */
export function TranslationPrompt({ sermonId, language }: { sermonId: string; language: string }) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<'ask' | 'form' | 'sent'>('ask');
  const isSignedIn = !!readStoredUser().userEmail;

  let body;
  if (!isSignedIn) body = <Text size="sm">{t('feedback.prompt.signInFirst')}</Text>;
  else if (stage === 'sent') {
    body = <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">{t('feedback.prompt.thanks')}</Alert>;
  } else if (stage === 'form') {
    // The listener entry has no query provider of its own (lib/query-scope.tsx).
    body = (
      <QueryScope>
        <FeedbackForm compact sermonId={sermonId} language={language} onSent={() => setStage('sent')} />
      </QueryScope>
    );
  } else {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('feedback.prompt.body')}</Text>
        <Button size="sm" onClick={() => setStage('form')}>{t('feedback.prompt.open')}</Button>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" w="100%" component="section" aria-labelledby="translation-prompt-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="translation-prompt-title">{t('feedback.prompt.title')}</Title>
        {body}
      </Stack>
    </Paper>
  );
}
