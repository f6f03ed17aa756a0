import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { dialogs } from '../../../components/dialogs';
import {
  IconAlertTriangle,
  IconCheck,
  IconClock,
  IconMicrophone,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconSend,
  IconWifiOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_SEGMENT_CHARS, STREAM_LIMIT_WARNING_MINUTES, type ChurchLanguage, type ScheduledSermon } from '@app/shared';
import { readStoredUser } from '../../../lib/stored-user';
import { useGoLiveLanguages } from '../api/get-go-live-languages';
import { useSermons } from '../api/sermons-query';
import { languageName, localeFor } from '../lib/language-label';
import { useWakeLock } from '../lib/use-wake-lock';
import { ChurchSermonsPanel } from './church-sermons-panel';
import { ListenerCounts } from './listener-counts';
import { DecisionCount } from './decision-count';
import { DueServiceStart } from './due-service';
import { LobbyWaitingPanel } from './lobby-waiting-panel';
import { PreparedPanel } from './prepared-panel';
import { SentLines } from './sent-lines';
import { SharePanel } from './share-panel';
import { useSpeakerSession, type SpeakerProblem } from './use-speaker-session';
import { useSpeechEngine } from './use-speech-engine';
import { useHeadingLevel } from '../../../components/heading-level';

const SOURCE_LANGUAGE_KEY = 'live.sourceLanguage';

/**
 * The go-live (speaker) screen, shared by `/real-time-sermon-translation` in the admin layout and
 * `/golive` in the mobile app. Staff and church admins go live; church and platform admins also see
 * the church's sermons with End and Delete.
 */
export function GoLiveScreen({ churchId }: { churchId: string }) {
  const titleOrder = useHeadingLevel();
  const { t } = useTranslation();
  const { userType } = readStoredUser();
  const canGoLive = userType === '2' || userType === '3';
  const canManage = userType === '1' || userType === '2';

  return (
    <Stack gap="lg">
      {canGoLive ? (
        <SpeakerConsole churchId={churchId} canManage={canManage} />
      ) : (
        <>
          <Title order={titleOrder} size="h2">
            {t('live.speaker.title')}
          </Title>
          <Alert color="blue">{t('live.speaker.onlyStaff')}</Alert>
          {canManage && <ChurchSermonsPanel churchId={churchId} />}
        </>
      )}
    </Stack>
  );
}

function SpeakerConsole({ churchId, canManage }: { churchId: string; canManage: boolean }) {
  const titleOrder = useHeadingLevel();
  const { t, i18n } = useTranslation();
  const languages = useGoLiveLanguages(churchId);
  const engine = useSpeechEngine(churchId);
  const session = useSpeakerSession({ churchId, engine });
  const wakeLock = useWakeLock(session.phase === 'live' || session.phase === 'ending');
  const { userId } = readStoredUser();
  const liveNow = useSermons(churchId, 'live', { poll: true });
  const [sourceCode, setSourceCode] = useState<string | null>(() => localStorage.getItem(SOURCE_LANGUAGE_KEY));

  const goLiveList = useMemo(() => languages.data?.goLive ?? [], [languages.data]);
  const selected: ChurchLanguage | undefined = goLiveList.find((l) => l.code === sourceCode) ?? goLiveList[0];
  const names = useMemo(() => {
    const all = [...(languages.data?.goLive ?? []), ...(languages.data?.joinLive ?? [])];
    return Object.fromEntries(all.map((l) => [l.code, l.name]));
  }, [languages.data]);
  const myLiveSermon =
    session.phase === 'setup' ? liveNow.data?.items.find((s) => s.hostId === userId && userId) : undefined;

  // Warn before a reload or closing the tab ends the microphone mid-sermon.
  const isLive = session.phase === 'live';
  useEffect(() => {
    if (!isLive) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isLive]);

  const handleStart = () => {
    if (!selected) return;
    localStorage.setItem(SOURCE_LANGUAGE_KEY, selected.code);
    void session.start(selected.code, localeFor(selected.code, selected.locale));
  };

  const handleStartService = (service: ScheduledSermon) => {
    const lang = goLiveList.find((l) => l.code === service.sourceLanguage);
    void session.start(service.sourceLanguage, localeFor(service.sourceLanguage, lang?.locale), service.id);
  };

  const confirmStop = () =>
    dialogs.confirm({
      title: t('live.speaker.stopTitle'),
      children: <Text size="sm">{t('live.speaker.stopBody')}</Text>,
      labels: { confirm: t('live.speaker.stopConfirm'), cancel: t('live.common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void session.stop(),
    });

  // Found before starting; going live still works, by typing lines.
  const preflightProblems: SpeakerProblem[] = [
    ...(engine.kind === 'none' ? [{ code: 'notSupported' as const, fatal: false }] : []),
    ...(engine.hasMicrophone === false && engine.kind !== 'none' ? [{ code: 'noMicrophone' as const, fatal: false }] : []),
  ].filter((p) => !session.problems.some((q) => q.code === p.code));

  const engineNote =
    engine.kind === 'azure'
      ? t('live.speaker.engineAzure')
      : engine.kind === 'browser'
        ? t('live.speaker.engineBrowser')
        : engine.kind === 'none'
          ? t('live.speaker.engineNone')
          : t('live.speaker.engineChecking');

  if (session.phase === 'setup' || session.phase === 'starting') {
    return (
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={titleOrder} size="h2">
            {t('live.speaker.title')}
          </Title>
          <Text c="dimmed">{t('live.speaker.intro')}</Text>
        </Stack>
        <ProblemAlerts problems={session.problems} onDismiss={session.dismiss} />
        <ProblemAlerts problems={preflightProblems} />
        {myLiveSermon && (
          <Alert color="orange" title={t('live.speaker.alreadyLiveTitle')}>
            <Stack gap="xs">
              <Text size="sm">
                {t('live.speaker.alreadyLiveBody', {
                  time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(myLiveSermon.startedAt)),
                })}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  onClick={() => {
                    const lang = goLiveList.find((l) => l.code === myLiveSermon.sourceLanguage);
                    session.resume(myLiveSermon, localeFor(myLiveSermon.sourceLanguage, lang?.locale));
                  }}
                >
                  {t('live.speaker.continue')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <DueServiceStart churchId={churchId} disabled={engine.kind === null || goLiveList.length === 0} loading={session.phase === 'starting'} onStart={handleStartService} />
        <Paper withBorder p="md" radius="md" maw={560}>
          {languages.isPending ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text>{t('live.common.loading')}</Text>
            </Group>
          ) : languages.isError ? (
            <Alert color="red" title={t('live.speaker.languagesFailed')}>
              <Button size="xs" variant="light" onClick={() => void languages.refetch()}>
                {t('live.common.retry')}
              </Button>
            </Alert>
          ) : goLiveList.length === 0 ? (
            <Alert color="yellow">{t('live.speaker.noLanguages')}</Alert>
          ) : (
            <Stack gap="md">
              <Select
                label={t('live.speaker.spokenLanguage')}
                data={goLiveList.map((l) => ({ value: l.code, label: languageName(l.code, l.name, i18n.language) }))}
                value={selected?.code ?? null}
                onChange={setSourceCode}
                allowDeselect={false}
                size="md"
                comboboxProps={{ withinPortal: true }}
              />
              <Group gap="xs">
                <IconMicrophone size={16} aria-hidden />
                <Text size="sm" c="dimmed">
                  {engineNote}
                </Text>
              </Group>
              <Button
                size="lg"
                onClick={handleStart}
                loading={session.phase === 'starting'}
                disabled={!selected || engine.kind === null}
                leftSection={<IconPlayerPlay size={20} />}
              >
                {t('live.speaker.start')}
              </Button>
            </Stack>
          )}
        </Paper>
        <LobbyWaitingPanel churchId={churchId} names={names} />
        <PreparedPanel churchId={churchId} sourceLanguage={selected?.code} isLive={false} onSend={() => undefined} />
        {canManage && <ChurchSermonsPanel churchId={churchId} />}
      </Stack>
    );
  }

  if (session.phase === 'ended' || !session.sermon) {
    return (
      <Stack gap="lg">
        <Title order={titleOrder} size="h2">
          {t('live.speaker.title')}
        </Title>
        <Alert color="gray" title={t('live.speaker.endedTitle')} icon={<IconCheck />}>
          <Stack gap="xs">
            <Text size="sm">{t(`live.endReasons.${session.ended?.reason ?? 'stopped'}`)}</Text>
            <Group>
              <Button onClick={session.reset}>{t('live.speaker.goLiveAgain')}</Button>
            </Group>
          </Stack>
        </Alert>
        {session.lines.length > 0 && <SentLines lines={session.lines} waiting={0} />}
        {canManage && <ChurchSermonsPanel churchId={churchId} />}
      </Stack>
    );
  }

  const { sermon, state } = session;
  const minutesLeft = state?.minutesLeft ?? null;
  const counts = state?.listenerCounts ?? {};
  const statusLabel =
    session.recognizerStatus === 'listening'
      ? t('live.speaker.statusListening')
      : session.recognizerStatus === 'stopped'
        ? t('live.speaker.statusStopped')
        : t('live.speaker.statusReady');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={titleOrder} size="h2">
            {t('live.speaker.title')}
          </Title>
          <Group gap="xs" aria-live="polite">
            <Badge color={session.isPaused ? 'yellow' : 'red'} variant="filled" size="lg">
              {session.isPaused ? t('live.speaker.paused') : t('live.speaker.live')}
            </Badge>
            <Badge color={session.recognizerStatus === 'listening' ? 'teal' : 'gray'} variant="light" size="lg">
              {statusLabel}
            </Badge>
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
              {languageName(sermon.sourceLanguage, names[sermon.sourceLanguage] ?? sermon.sourceLanguage, i18n.language)}
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
          <TypedLine disabled={session.isPaused} onSend={session.sendLine} />
          <PreparedPanel churchId={churchId} sourceLanguage={sermon.sourceLanguage} isLive disabled={session.isPaused} onSend={session.sendPrepared} />
          <SentLines lines={session.lines} waiting={session.waiting} />
        </Stack>
        <Stack gap="md">
          <SharePanel broadcastId={sermon.broadcastId} churchId={sermon.churchId} />
          <ListenerCounts counts={counts} names={names} />
          <LobbyWaitingPanel churchId={churchId} names={names} />
          <DecisionCount sermonId={sermon.id} />
        </Stack>
      </SimpleGrid>
      {canManage && <ChurchSermonsPanel churchId={churchId} currentSermonId={sermon.id} />}
    </Stack>
  );
}

/** A line the speaker or an operator types or pastes; Enter sends it like recognised speech. */
function TypedLine({ disabled, onSend }: { disabled: boolean; onSend: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(t('live.speaker.typedEmpty'));
      return;
    }
    onSend(text);
    setText('');
    setError(null);
  };
  return (
    <form onSubmit={handleSubmit}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('live.speaker.typedLabel')}
          description={disabled ? t('live.speaker.typedPaused') : t('live.speaker.typedHint')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          disabled={disabled}
          maxLength={MAX_SEGMENT_CHARS * 5}
          autoComplete="off"
        />
        <Button type="submit" disabled={disabled} leftSection={<IconSend size={18} />} mb={error ? 22 : 0}>
          {t('live.speaker.send')}
        </Button>
      </Group>
    </form>
  );
}


function ProblemAlerts({ problems, onDismiss }: { problems: SpeakerProblem[]; onDismiss?: (code: SpeakerProblem['code']) => void }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Stack gap="xs">
      {problems.map((p) => (
        <Alert
          key={p.code}
          color={p.fatal ? 'red' : 'yellow'}
          icon={<IconAlertTriangle />}
          withCloseButton={Boolean(onDismiss)}
          closeButtonLabel={t('live.common.dismiss')}
          onClose={() => onDismiss?.(p.code)}
          role="alert"
        >
          {t(`live.speaker.errors.${p.code}`)}
        </Alert>
      ))}
    </Stack>
  );
}
