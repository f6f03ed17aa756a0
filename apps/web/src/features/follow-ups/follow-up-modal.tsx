import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findKnownLanguage, followUpStatuses, type FollowUp, type FollowUpStatus } from '@app/shared';
import { useUpdateFollowUp } from './follow-ups-api';

/** One follow-up: who (or anonymous), how to reach them, the state moving forward only, notes. */
export function FollowUpModal({ followUp, onClose }: { followUp: FollowUp; onClose: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FollowUpStatus>(followUp.status);
  const [notes, setNotes] = useState(followUp.notes);
  const update = useUpdateFollowUp();
  const from = followUpStatuses.indexOf(followUp.status);
  return (
    <Modal opened onClose={onClose} title={followUp.name ?? t('analytics.anonymous')} closeButtonProps={{ 'aria-label': t('common.cancel') }} centered>
      <form onSubmit={(e) => { e.preventDefault(); update.mutate({ id: followUp.id, body: { status, notes } }, { onSuccess: onClose }); }}>
        <Stack gap="sm">
          <Text size="sm">{t('followUps.reach', { contact: followUp.contact ?? followUp.email ?? t('followUps.noContact'), language: findKnownLanguage(followUp.language)?.nativeName ?? followUp.language })}</Text>
          <div>
            <Text size="sm" fw={500} id="follow-up-status" mb={4}>{t('followUps.columns.status')}</Text>
            <SegmentedControl aria-labelledby="follow-up-status" fullWidth value={status} onChange={(v) => setStatus(v as FollowUpStatus)}
              data={followUpStatuses.map((s, i) => ({ value: s, label: t(`followUps.status.${s}`), disabled: i < from }))} />
          </div>
          <Textarea label={t('followUps.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={3} maxLength={4000} />
          {update.isError && <Alert color="red" role="alert">{t('followUps.saveFailed')}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={update.isPending}>{t('followUps.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
