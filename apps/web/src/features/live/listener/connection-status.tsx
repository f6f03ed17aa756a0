import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPause, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SermonState } from '@app/shared';
import type { ListenerConnection } from './use-live-captions';

const COLORS: Record<ListenerConnection | 'ended', string> = {
  ready: 'gray',
  connecting: 'blue',
  connected: 'teal',
  disconnected: 'orange',
  offline: 'red',
  lost: 'red',
  ended: 'gray',
};

/** The one-word state beside the title, read out when it changes. */
export function ConnectionBadge({ connection }: { connection: ListenerConnection | 'ended' }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[connection]} variant="light" size="lg" style={{ flexShrink: 0 }} aria-live="polite">
      {t(`live.listener.connection.${connection}`)}
    </Badge>
  );
}

/** What is keeping captions from arriving right now, if anything: the speaker, or this phone. */
export function ConnectionNotices({ connection, state }: { connection: ListenerConnection; state: SermonState | null }) {
  const { t } = useTranslation();
  return (
    <>
      {state?.status === 'paused' && (
        <Alert style={{ flexShrink: 0 }} color="yellow" icon={<IconPlayerPause />} title={t('live.listener.pausedTitle')} py="xs">
          {t('live.listener.pausedBody')}
        </Alert>
      )}
      {state && !state.speakerConnected && state.status !== 'ended' && (
        <Alert style={{ flexShrink: 0 }} color="orange" icon={<IconWifiOff />} py="xs">
          {t('live.listener.speakerReconnecting')}
        </Alert>
      )}
      {connection === 'offline' && (
        <Alert style={{ flexShrink: 0 }} color="red" icon={<IconWifiOff />} role="alert" py="xs">
          {t('live.listener.offline')}
        </Alert>
      )}
      {connection === 'disconnected' && (
        <Alert style={{ flexShrink: 0 }} color="orange" icon={<IconWifiOff />} py="xs">
          {t('live.listener.disconnected')}
        </Alert>
      )}
      {connection === 'lost' && (
        <Alert style={{ flexShrink: 0 }} color="red" icon={<IconAlertTriangle />} role="alert" py="xs">
          <Group gap="sm">
            <Text size="sm">{t('live.listener.connectionLost')}</Text>
            <Button size="sm" mih={44} variant="white" color="red" onClick={() => window.location.reload()}>
              {t('live.listener.refresh')}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
