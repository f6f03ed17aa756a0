import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClock,
  IconMicrophone,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconWifiOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STREAM_LIMIT_WARNING_MINUTES, type Sermon } from '@app/shared';
import { dialogs } from '../../../components/dialogs';
import { useHeadingLevel, useOwnTitle } from '../../../components/heading-level';
import { languageName } from '../../../lib/language-label';
import type { WakeLockStatus } from '../lib/use-wake-lock';
import { ChurchSermonsPanel } from './church-sermons-panel';
import { DecisionCount } from './decision-count';
import { isNoEngine } from './hearing-status';
import { ListenerCounts } from './listener-counts';
import { LobbyWaitingPanel } from './lobby-waiting-panel';
import { PreparedPanel } from './prepared-panel';
import { ProblemAlerts } from './problem-alerts';
import { SentLines } from './sent-lines';
import { SharePanel } from './share-panel';
import { TranslatorNote } from './translator-note';
import { TypedLine } from './typed-line';
import type { useSpeakerSession } from './use-speaker-session';
import type { SpeechEngine } from './use-speech-engine';
import { interfaceLanguage } from '../../../i18n/interface-language';

export type SpeakerSession = ReturnType<typeof useSpeakerSession>;

interface LiveViewProps {
  churchId: string;
  canManage: boolean;
  session: SpeakerSession;
  sermon: Sermon;
  engine: SpeechEngine;
  wakeLock: WakeLockStatus;
  /** Language code → the church's name for it. */
  names: Record<string, string>;
}

/** The speaker's console while live: status, pause/stop, what is heard, typed and prepared lines, sharing and counts. */
export function SpeakerLiveView({ churchId, canManage, session, sermon, engine, wakeLock, names }: LiveViewProps) {
  const titleOrder = useHeadingLevel();
  const ownTitle = useOwnTitle();
  const { t, i18n } = useTranslation();
  const { state } = session;
  const minutesLeft = state?.minutesLeft ?? null;
  const counts = state?.listenerCounts ?? {};
  // The recogniser's state is the microphone's: "Stopped" beside "Live" read as if the sermon had
  // stopped while typed lines still went out.
  const statusLabel =
    session.recognizerStatus === 'listening'
      ? t('live.speaker.statusListening')
      : engine.kind === 'none'
        ? t('live.speaker.typingOnly')
        : session.recognizerStatus === 'stopped'
          ? t('live.speaker.microphoneOff')
          : t('live.speaker.statusReady');

  const confirmStop = () =>
    dialogs.confirm({
      title: t('live.speaker.stopTitle'),
      children: <Text size="sm">{t('live.speaker.stopBody')}</Text>,
      labels: { confirm: t('live.speaker.stopConfirm'), cancel: t('live.common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void session.stop(),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          {ownTitle && (
            <Title order={titleOrder} size="h2">
              {t('live.speaker.title')}
            </Title>
          )}
          <Group gap="xs" aria-live="polite">
            <Badge color={session.isPaused ? 'yellow' : 'red'} variant="filled" size="lg">
              {session.isPaused ? t('live.speaker.paused') : t('live.speaker.live')}
            </Badge>
            <Badge color={session.recognizerStatus === 'listening' ? 'teal' : 'gray'} variant="light" size="lg">
              {statusLabel}
            </Badge>
            {session.listening && (
              // Which of the church's engines hears the speaker now (decision 038): a failover shows here.
              <Badge color={session.listening.state === 'failed' ? 'red' : session.listening.state === 'switching' ? 'orange' : 'gray'} variant="light" size="lg" tt="none">
                {session.listening.engine
                  ? t(`live.speaker.recognition.${session.listening.state === 'switching' ? 'switching' : 'listening'}`, { engine: t(`recognitionEngines.names.${session.listening.engine}`) })
                  : t(`live.speaker.recognition.${session.listening.state === 'failed' ? 'failed' : 'stopped'}`)}
              </Badge>
            )}
            {!session.isConnected && (
              <Badge color="orange" variant="light" size="lg" leftSection={<IconWifiOff size={14} />}>
                {t('live.speaker.reconnecting')}
              </Badge>
            )}
            {session.waiting > 0 && (
              <Badge color="orange" variant="outline" size="lg">
                {t('live.speaker.waitingToSend', { count: session.waiting })}
              </Badge>
            )}
            <Badge variant="default" size="lg">
              {languageName(sermon.sourceLanguage, names[sermon.sourceLanguage] ?? sermon.sourceLanguage, interfaceLanguage(i18n))}
            </Badge>
          </Group>
        </Stack>
        {minutesLeft !== null && (
          <Group gap={6}>
            <IconClock size={18} aria-hidden />
            <Text fw={500} c={minutesLeft <= STREAM_LIMIT_WARNING_MINUTES ? 'red' : undefined}>
              {t('live.speaker.minutesLeft', { count: Math.max(0, Math.floor(minutesLeft)) })}
            </Text>
          </Group>
        )}
      </Group>

      {session.warning && (
        <Alert color="orange" icon={<IconAlertTriangle />} title={t('live.speaker.limitSoonTitle')}>
          {t('live.speaker.limitSoonBody', { count: Math.max(0, Math.ceil(session.warning.minutesLeft)) })}
        </Alert>
      )}
      <ProblemAlerts problems={session.problems} onDismiss={session.dismiss} />
      {/* The sermon's own translator, as the server reports it (the church may change it mid-week). */}
      <TranslatorNote churchId={churchId} primary={state?.translator ?? engine.translator?.primary ?? null} failover={engine.translator?.failover} canManage={canManage} />
      {(wakeLock === 'unsupported' || wakeLock === 'failed') && (
        <Alert color="yellow" variant="light">
          {t('live.speaker.errors.wakeLockUnsupported')}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <Group gap="sm" grow>
            <Button
              size="lg"
              variant={session.isPaused ? 'filled' : 'light'}
              color={session.isPaused ? 'teal' : 'yellow'}
              leftSection={session.isPaused ? <IconPlayerPlay size={20} /> : <IconPlayerPause size={20} />}
              onClick={() => void session.setPaused(!session.isPaused)}
            >
              {session.isPaused ? t('live.speaker.resume') : t('live.speaker.pause')}
            </Button>
            <Button
              size="lg"
              color="red"
              leftSection={<IconPlayerStop size={20} />}
              onClick={confirmStop}
              loading={session.phase === 'ending'}
            >
              {t('live.speaker.stop')}
            </Button>
          </Group>
          {session.recognizerStatus === 'stopped' && !session.isPaused && engine.kind !== 'none' && (
            <Button variant="default" leftSection={<IconMicrophone size={18} />} onClick={session.restartMicrophone}>
              {t('live.speaker.restartMicrophone')}
            </Button>
          )}
          <Paper withBorder p="md" radius="md">
            <Text size="sm" c="dimmed" mb={4}>
              {t('live.speaker.hearing')}
            </Text>
            <Text fs="italic" mih={24} aria-live="polite">
              {session.interim || (session.recognizerStatus === 'listening' ? '…' : '')}
            </Text>
          </Paper>
          <TypedLine disabled={session.isPaused} onSend={session.sendLine} prompt={isNoEngine(session.listening)} />
          <PreparedPanel churchId={churchId} sourceLanguage={sermon.sourceLanguage} isLive disabled={session.isPaused} onSend={session.sendPrepared} />
          <SentLines lines={session.lines} waiting={session.waiting} />
        </Stack>
        <Stack gap="md">
          <SharePanel broadcastId={sermon.broadcastId} churchId={sermon.churchId} />
          <ListenerCounts counts={counts} names={names} voice={session.voiceLag} />
          <LobbyWaitingPanel churchId={churchId} names={names} />
          <DecisionCount sermonId={sermon.id} />
        </Stack>
      </SimpleGrid>
      {canManage && <ChurchSermonsPanel churchId={churchId} currentSermonId={sermon.id} />}
    </Stack>
  );
}
