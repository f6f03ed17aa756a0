import { Paper, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageSettings } from '@app/shared';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

const SETTINGS = '/me/message-settings';

/** Manage Profile's switch for the unread-messages digest mail (decision record 022). */
export function DigestSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['chat', 'settings'], queryFn: () => api<MessageSettings>(SETTINGS) });
  const save = useMutation({
    mutationFn: (digest: boolean) => api<MessageSettings>(SETTINGS, { method: 'PUT', body: { digest } }),
    onSuccess: (data) => {
      queryClient.setQueryData(['chat', 'settings'], data);
      notifications.show({ color: 'green', message: t('chat.digest.saved') });
    },
    onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, t) }),
  });
  if (!settings.data) return null;
  return (
    <Paper withBorder radius="md" p="md" mt="lg">
      <Switch
        label={t('chat.digest.label')}
        description={t('chat.digest.description')}
        checked={save.isPending ? save.variables : settings.data.digest}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
      />
    </Paper>
  );
}
