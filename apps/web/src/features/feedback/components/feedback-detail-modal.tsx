import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import type { Feedback } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { useDeleteFeedback } from '../api/feedback-list';
import { AudioQualityBadge, feedbackAuthor, FeedbackTypeBadge, shortDateTime } from './feedback-cells';
import { formattingLocale } from '../../../i18n/interface-language';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" align="baseline" wrap="nowrap">
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>{label}</Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Group>
  );
}

/** Reading one piece of feedback, with delete after a confirmation (spec section 6). */
export function FeedbackDetailModal({ item, onClose }: { item: Feedback | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteFeedback();
  const handleDelete = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('feedback.detail.deleted') });
        onClose();
      },
      onError: () => notifications.show({ color: 'red', message: t('feedback.detail.deleteFailed') }),
    });
  };
  return (
    <Modal opened={item !== null} onClose={onClose} title={t('feedback.detail.title')} size="lg" closeButtonProps={{ 'aria-label': t('feedback.detail.close') }}>
      {item && (
        <Stack gap="sm">
          <Group gap="xs"><FeedbackTypeBadge type={item.type} /><AudioQualityBadge quality={item.audioQuality} /></Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{item.comment}</Text>
          <Row label={t('feedback.fields.date')}>{shortDateTime(item.createdAt, formattingLocale(i18n))}</Row>
          <Row label={t('feedback.fields.person')}>{feedbackAuthor(item, t)}</Row>
          {item.userEmail && <Row label={t('fields.email')}>{item.userEmail}</Row>}
          {item.userSuburb && <Row label={t('fields.suburb')}>{item.userSuburb}</Row>}
          {item.userFaithLevel && <Row label={t('fields.faithLevel')}>{t(`fields.faithLevels.${item.userFaithLevel}`)}</Row>}
          {item.userLanguage && <Row label={t('fields.primaryLanguage')}>{t(`fields.primaryLanguages.${item.userLanguage}`)}</Row>}
          {item.churchName && <Row label={t('fields.church')}>{item.churchName}</Row>}
          {item.sermonStartedAt && <Row label={t('feedback.fields.sermon')}>{shortDateTime(item.sermonStartedAt, formattingLocale(i18n))}</Row>}
          {item.language && <Row label={t('feedback.fields.language')}>{item.language}</Row>}
          <Group justify="space-between" mt="md">
            <ConfirmButton
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={remove.isPending}
              confirm={{ title: t('feedback.detail.deleteTitle'), message: t('feedback.detail.deleteBody'), confirmLabel: t('feedback.detail.delete'), onConfirm: handleDelete }}
            >
              {t('feedback.detail.delete')}
            </ConfirmButton>
            <Button variant="default" onClick={onClose}>{t('feedback.detail.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
