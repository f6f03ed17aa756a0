import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { SermonAnalyticsItem } from '@app/shared';
import { ConfirmButton, confirmDestructive } from '../../../components/confirm-button';
import { useSermonName } from '../../../lib/sermon-name';
import { useDeleteSermon, useEndSermon } from '../api/sermon-detail';

/** End a live sermon or delete an ended one (church and platform admins), each after confirmation. */
export function SermonActions({ sermon, onDeleted }: { sermon: Pick<SermonAnalyticsItem, 'id' | 'status' | 'hostName' | 'title' | 'startedAt'>; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const del = useDeleteSermon();
  const end = useEndSermon();
  // Named as everywhere else: the service's title and day, then the preacher (one preacher's sermons differ by them).
  const name = useSermonName()(sermon);
  if (sermon.status !== 'ended') {
    return (
      <Button size="xs" color="orange" variant="light" loading={end.isPending} aria-label={t('analytics.endSermonOf', { name })}
        onClick={() => confirmDestructive({ title: t('analytics.endTitle'), message: t('analytics.endBody', { name }), confirmLabel: t('analytics.end'), onConfirm: () => end.mutate(sermon.id) }, t('common.cancel'))}>
        {t('analytics.end')}
      </Button>
    );
  }
  return (
    <ConfirmButton size="xs" variant="light" loading={del.isPending} aria-label={t('analytics.deleteSermonOf', { name })}
      confirm={{
        title: t('analytics.deleteTitle'), message: t('analytics.deleteBody', { name }), confirmLabel: t('analytics.delete'),
        onConfirm: () => del.mutate(sermon.id, {
          onSuccess: () => onDeleted?.(),
          onError: () => notifications.show({ color: 'red', message: t('analytics.deleteFailed') }),
        }),
      }}>
      {t('analytics.delete')}
    </ConfirmButton>
  );
}
