import { Alert, Button, Group, Modal, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { followUpStatuses, type FollowUp, type FollowUpStatus } from '@app/shared';
import { useLanguageName } from '../../lib/use-language-name';
import { useUpdateFollowUp } from './follow-ups-api';

/** One follow-up: who (or anonymous), how to reach them, the state moving forward only, notes. */
export function FollowUpModal({ followUp, onClose }: { followUp: FollowUp; onClose: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FollowUpStatus>(followUp.status);
  const [notes, setNotes] = useState(followUp.notes);
  const update = useUpdateFollowUp();
  const languageName = useLanguageName();
  const from = followUpStatuses.indexOf(followUp.status);
  return (
    <Modal opened onClose={onClose} title={followUp.name ?? t('analytics.anonymous')} closeButtonProps={{ 'aria-label': t('common.cancel') }} centered>
      <form onSubmit={(e) => { e.preventDefault(); update.mutate({ id: followUp.id, body: { status, notes } }, { onSuccess: onClose }); }}>
        <Stack gap="sm">
          <Text size="sm">{t('followUps.reach', { contact: followUp.contact ?? followUp.email ?? t('followUps.noContact'), language: languageName(followUp.language) })}</Text>
          {/* A follow-up moves forward only (decision 014): the states behind it stay visible, disabled,
              with the reason said above them. Radios in two columns keep every word whole at 390 px. */}
          <Radio.Group label={t('followUps.columns.status')} value={status} onChange={(v) => setStatus(v as FollowUpStatus)}
            description={from > 0 ? t('followUps.forwardOnly', { status: t(`followUps.status.${followUp.status}`) }) : undefined}>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt={6}>
              {followUpStatuses.map((s, i) => <Radio key={s} value={s} label={t(`followUps.status.${s}`)} disabled={i < from} />)}
            </SimpleGrid>
          </Radio.Group>
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
