import { Alert, Button, Radio, Select, Stack, Textarea, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { audioQualities, createFeedbackBody, FEEDBACK_COMMENT_MAX, feedbackTypes, type AudioQuality, type FeedbackType } from '@app/shared';
import { serverFieldErrors, zodFormValidate } from '../../lib/zod-form';
import { useSendFeedback } from './send-feedback';

interface Values {
  type: FeedbackType | '';
  audioQuality: AudioQuality | '';
  comment: string;
}

const toInput = (v: Values) => ({ type: v.type || undefined, audioQuality: v.audioQuality || null, comment: v.comment });

/**
 * The feedback form of spec section 3 (type, audio quality, comment) with its section 8 messages.
 * From the listener screen it also carries the sermon and the language listened in.
 */
export function FeedbackForm({ sermonId, language, onSent, compact }: { sermonId?: string; language?: string; onSent: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const send = useSendFeedback();
  const form = useForm<Values>({
    initialValues: { type: sermonId ? 'GeneralFeedback' : '', audioQuality: '', comment: '' },
    validate: zodFormValidate<Values>(createFeedbackBody, t, { toInput }),
  });

  const handleSubmit = form.onSubmit((values) => {
    send.mutate({ ...(toInput(values) as { type: FeedbackType; comment: string }), sermonId: sermonId ?? null, language: language ?? null }, {
      onSuccess: () => {
        form.reset();
        onSent();
      },
      onError: (err) => form.setErrors(serverFieldErrors(err, t)),
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('feedback.form.label')}>
      <Stack gap="md">
        {send.isError && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('feedback.form.sendFailed')}
          </Alert>
        )}
        <Select
          label={t('feedback.fields.type')}
          placeholder={t('feedback.form.typePlaceholder')}
          required
          data={feedbackTypes.map((v) => ({ value: v, label: t(`feedback.types.${v}`) }))}
          {...form.getInputProps('type')}
        />
        <Radio.Group label={t('feedback.fields.audioQuality')} description={compact ? undefined : t('feedback.form.audioQualityHint')} {...form.getInputProps('audioQuality')}>
          <Group gap="lg" mt={6}>
            {audioQualities.map((q) => <Radio key={q} value={q} label={t(`feedback.audio.${q}`)} />)}
          </Group>
        </Radio.Group>
        <Textarea
          label={t('feedback.fields.comment')}
          placeholder={t('feedback.form.commentPlaceholder')}
          required
          autosize
          minRows={compact ? 2 : 4}
          maxLength={FEEDBACK_COMMENT_MAX}
          {...form.getInputProps('comment')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>{t('feedback.form.send')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
