import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { DeletionRequest } from '@app/shared';
import { rejectDeletionRequestBody } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, zodFormValidate } from '../../../lib/zod-form';
import { useRejectDeletionRequest } from '../api/review-deletion-requests';

/** Rejecting needs a reason; the person receives it by mail, so they know why. */
export function RejectModal({ request, onClose }: { request: DeletionRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectDeletionRequest();
  const form = useForm({ initialValues: { reason: '' }, validate: zodFormValidate(rejectDeletionRequestBody, t) });
  const handleClose = () => {
    form.reset();
    reject.reset();
    onClose();
  };
  const handleSubmit = form.onSubmit(({ reason }) => {
    if (!request) return;
    reject.mutate({ id: request.id, reason }, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('deletionReview.rejected') });
        handleClose();
      },
      onError: (err) => form.setErrors(serverFieldErrors(err, t)),
    });
  });
  return (
    <Modal opened={request !== null} onClose={handleClose} title={t('deletionReview.rejectTitle')} closeButtonProps={{ 'aria-label': t('common.cancel') }}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('deletionReview.rejectBody', { name: request?.personName ?? '' })}</Text>
          {reject.isError && Object.keys(serverFieldErrors(reject.error, t)).length === 0 && (
            <Alert color="red" role="alert">{t('deletionReview.decisionFailed')}</Alert>
          )}
          <Textarea label={t('deletionReview.rejectReason')} required autosize minRows={3} maxLength={1000} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>{t('common.cancel')}</Button>
            <Button type="submit" color="red" loading={reject.isPending}>{t('deletionReview.reject')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
