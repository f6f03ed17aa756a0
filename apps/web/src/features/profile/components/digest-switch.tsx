import { Paper, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useMessageSettings, useSaveMessageSettings } from '../api/message-settings';

/** Manage Profile's switch for the unread-messages digest mail (decision record 022). */
export function DigestSwitch() {
  const { t } = useTranslation();
  const settings = useMessageSettings();
  const save = useSaveMessageSettings({
    onSuccess: () => notifications.show({ color: 'green', message: t('chat.digest.saved') }),
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
