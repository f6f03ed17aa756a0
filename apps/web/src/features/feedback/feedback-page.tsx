import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '../../components/feedback/feedback-form';

/** `/feedback`: anyone signed in tells the church how things are going (spec section 2). */
export function FeedbackPage() {
  const { t } = useTranslation();
  const [isSent, setIsSent] = useState(false);
  useDocumentTitle(`${t('nav.feedback')} · ${t('common.appName')}`);
  return (
    <Stack gap="lg" maw={720}>
      <Text c="dimmed">{t('feedback.page.intro')}</Text>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        {isSent ? (
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} title={t('feedback.page.thanksTitle')} role="status">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('feedback.page.thanksBody')}</Text>
              <Button variant="light" size="xs" onClick={() => setIsSent(false)}>{t('feedback.page.sendAnother')}</Button>
            </Stack>
          </Alert>
        ) : (
          <FeedbackForm onSent={() => setIsSent(true)} />
        )}
      </Paper>
    </Stack>
  );
}

export { FeedbackPage as Component };
