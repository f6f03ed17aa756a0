import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  NativeSelect,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconHeadphones,
  IconLetterCaseToggle,
  IconMinus,
  IconPlayerPause,
  IconPlus,
  IconVolume,
  IconWifiOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Caption, SermonByBroadcast, VoiceGender } from '@app/shared';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { useSermonByBroadcast } from '../api/get-sermon-by-broadcast';
import { useTranscript } from '../api/get-transcript';
import { isRtl, listenerLanguageLabel, localeFor } from '../lib/language-label';
import { useWakeLock } from '../lib/use-wake-lock';
import { AudioQueue } from './audio-queue';
import { CaptionList } from './caption-list';
import { DeviceVoice, hasDeviceVoice } from './device-voice';
import { initialLanguage, readListenerPrefs, saveListenerPrefs, TEXT_SIZES } from './listener-prefs';
import { useLiveCaptions, type ListenerConnection, type VoicePreference } from './use-live-captions';
import { useHeadingLevel } from '../../../components/heading-level';

/**
 * The live view for listeners (`/join/:broadcastId` in the admin layout, `/sermon/join/:broadcastId`
 * on phones, also for guests with the share link). Loads the sermon, then the captions.
 */
export function ListenerScreen({ broadcastId, listHref }: { broadcastId: string; listHref: string | null }) {
  const titleOrder = useHeadingLevel();
  const { t } = useTranslation();
  const sermon = useSermonByBroadcast(broadcastId);

  if (sermon.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('live.common.loading')} />
      </Center>
    );
  }
  if (sermon.isError) {
    const err = sermon.error;
    const status = err instanceof ApiError ? err.status : 0;
    return (
      <Stack gap="md" py="md">
        <Title order={titleOrder} size="h3">
          {t('live.listener.title')}
        </Title>
        {status === 401 || status === 403 ? (
          <Alert color="blue" title={t('live.listener.signInTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('live.listener.signInBody')}</Text>
              <Button component={Link} to={paths.signIn} size="sm">
                {t('live.listener.signIn')}
              </Button>
            </Stack>
          </Alert>
        ) : status === 404 ? (
          <Alert color="yellow" title={t('live.listener.notFoundTitle')}>
            {t('live.listener.notFoundBody')}
          </Alert>
        ) : (
          <Alert color="red" title={t('live.listener.fetchFailed')}>
            <Button size="xs" variant="light" onClick={() => void sermon.refetch()}>
              {t('live.common.retry')}
            </Button>
          </Alert>
        )}
        {listHref && (
          <Anchor component={Link} to={listHref}>
            {t('live.listener.backToList')}
          </Anchor>
        )}
      </Stack>
    );
  }
  return <LiveView key={sermon.data.sermon.id} info={sermon.data} broadcastId={broadcastId} listHref={listHref} />;
}

function LiveView({ info, broadcastId, listHref }: { info: SermonByBroadcast; broadcastId: string; listHref: string | null }) {
  const titleOrder = useHeadingLevel();
  const { t, i18n } = useTranslation();
  const { sermon, languages } = info;
  const stored = useMemo(readListenerPrefs, []);
  const [language, setLanguage] = useState(() =>
    initialLanguage(
      languages.map((l) => l.code),
      stored.language,
      i18n.language,
      sermon.sourceLanguage,
    ),
  );
  const [voiceOn, setVoiceOn] = useState(stored.voiceOn);
  const [gender, setGender] = useState<VoiceGender>(stored.gender);
  const [sizeIndex, setSizeIndex] = useState(stored.textSizeIndex);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const [showTranscript, setShowTranscript] = useState(false);

  const current = languages.find((l) => l.code === language);
  const rtl = isRtl(language, current?.rtl);
  const locale = localeFor(language);
  const serverVoices = info.hasSpeechKey ? (current?.voices ?? []) : [];
  const deviceVoiceAvailable = useMemo(() => typeof window !== 'undefined' && hasDeviceVoice(), []);
  const voiceMode: 'server' | 'device' | 'none' = serverVoices.length > 0 ? 'server' : deviceVoiceAvailable ? 'device' : 'none';
  const effectiveGender: VoiceGender = serverVoices.includes(gender) ? gender : (serverVoices[0] ?? gender);
  const voicePref: VoicePreference = !voiceOn || voiceMode === 'none' ? 'none' : voiceMode === 'server' ? effectiveGender : 'device';

  const audioRef = useRef<AudioQueue | null>(null);
  const deviceRef = useRef<DeviceVoice | null>(null);
  const audio = () => (audioRef.current ??= new AudioQueue(new Audio(), () => setSoundBlocked(true)));
  const device = () => (deviceRef.current ??= new DeviceVoice());

  // Read through a ref so a caption arriving mid-render uses the choices of that moment.
  const voiceRef = useRef({ voicePref, locale });
  useEffect(() => {
    voiceRef.current = { voicePref, locale };
  }, [voicePref, locale]);
  const handleNewCaption = useCallback((caption: Caption) => {
    const { voicePref: pref, locale: loc } = voiceRef.current;
    if (pref === 'male' || pref === 'female') {
      const url = caption.audio?.[pref];
      if (url) audioRef.current?.enqueue(url);
    } else if (pref === 'device') {
      deviceRef.current?.speak(caption.text, caption.provider === 'untranslated' ? localeFor(caption.language) : loc);
    }
  }, []);

  const live = useLiveCaptions({ broadcastId, onNewCaption: handleNewCaption });
  const isEnded = sermon.status === 'ended' || live.ended !== null;
  useWakeLock(live.connection === 'connected' && !isEnded);
  const transcript = useTranscript(sermon.id, language, showTranscript);

  /** Every tap that may lead to sound unlocks it (iOS allows playback only after one). */
  const unlockSound = (pref: VoicePreference) => {
    setSoundBlocked(false);
    if (pref === 'male' || pref === 'female') audio().unlock();
    else if (pref === 'device') device().unlock();
  };

  const handleStart = () => {
    unlockSound(voicePref);
    live.join(language, voicePref);
  };

  const handleLanguage = (code: string | null) => {
    if (!code || code === language) return;
    setLanguage(code);
    saveListenerPrefs({ language: code });
    audioRef.current?.clear();
    deviceRef.current?.clear();
    const lang = languages.find((l) => l.code === code);
    const voices = info.hasSpeechKey ? (lang?.voices ?? []) : [];
    const nextPref: VoicePreference =
      !voiceOn || (voices.length === 0 && !deviceVoiceAvailable) ? 'none' : voices.length > 0 ? (voices.includes(gender) ? gender : voices[0]!) : 'device';
    void live.changePrefs(code, nextPref);
  };

  const handleVoice = (on: boolean) => {
    setVoiceOn(on);
    saveListenerPrefs({ voiceOn: on });
    const pref: VoicePreference = !on || voiceMode === 'none' ? 'none' : voiceMode === 'server' ? effectiveGender : 'device';
    if (on) unlockSound(pref);
    else {
      audioRef.current?.clear();
      deviceRef.current?.clear();
    }
    void live.changePrefs(language, pref);
  };

  const handleGender = (value: string) => {
    const next: VoiceGender = value === 'male' ? 'male' : 'female';
    setGender(next);
    saveListenerPrefs({ gender: next });
    audioRef.current?.clear();
    if (voiceOn) {
      unlockSound(next);
      void live.changePrefs(language, next);
    }
  };

  const changeSize = (delta: number) => {
    setSizeIndex((i) => {
      const next = Math.min(TEXT_SIZES.length - 1, Math.max(0, i + delta));
      saveListenerPrefs({ textSizeIndex: next });
      return next;
    });
  };

  const languageOptions = languages.map((l) => ({
    value: l.code,
    label: listenerLanguageLabel(l.code, l.nativeName, l.name, i18n.language),
  }));
  const state = live.state;
  const started = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(sermon.startedAt));

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={titleOrder} size="h3">
            {t('live.listener.title')}
          </Title>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {[sermon.churchName, sermon.hostName, t('live.listener.startedAt', { time: started })].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <ConnectionBadge connection={isEnded ? 'ended' : live.connection} />
      </Group>

      {isEnded ? (
        <Alert color="gray" title={t('live.listener.endedTitle')}>
          <Stack gap="xs" align="flex-start">
            {live.ended?.reason && live.ended.reason !== 'stopped' && (
              <Text size="sm">{t(`live.endReasons.${live.ended.reason}`)}</Text>
            )}
            {!showTranscript && (
              <Button size="sm" variant="light" onClick={() => setShowTranscript(true)}>
                {t('live.listener.readTranscript')}
              </Button>
            )}
          </Stack>
        </Alert>
      ) : (
        <>
          {state?.status === 'paused' && (
            <Alert color="yellow" icon={<IconPlayerPause />} title={t('live.listener.pausedTitle')}>
              {t('live.listener.pausedBody')}
            </Alert>
          )}
          {state && !state.speakerConnected && state.status !== 'ended' && (
            <Alert color="orange" icon={<IconWifiOff />}>
              {t('live.listener.speakerReconnecting')}
            </Alert>
          )}
          {live.connection === 'disconnected' && (
            <Alert color="orange" icon={<IconWifiOff />}>
              {t('live.listener.disconnected')}
            </Alert>
          )}
          {live.connection === 'lost' && (
            <Alert color="red" icon={<IconAlertTriangle />} role="alert">
              <Group gap="sm">
                <Text size="sm">{t('live.listener.connectionLost')}</Text>
                <Button size="xs" variant="white" color="red" onClick={() => window.location.reload()}>
                  {t('live.listener.refresh')}
                </Button>
              </Group>
            </Alert>
          )}
        </>
      )}
      {live.problem && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('live.common.dismiss')} onClose={live.dismissProblem}>
          {t(`live.listener.problems.${live.problem}`)}
          {live.problem === 'guestsNotAllowed' && (
            <>
              {' '}
              <Anchor component={Link} to={paths.signIn}>
                {t('live.listener.signIn')}
              </Anchor>
            </>
          )}
        </Alert>
      )}
      {soundBlocked && (
        <Alert color="blue" icon={<IconVolume />}>
          <Group gap="sm">
            <Text size="sm">{t('live.listener.soundBlocked')}</Text>
            <Button size="xs" onClick={() => unlockSound(voicePref)}>
              {t('live.listener.enableSound')}
            </Button>
          </Group>
        </Alert>
      )}

      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          {/* The phone's own picker: big, familiar, and no popover code for the listener to download. */}
          <NativeSelect
            label={t('live.listener.language')}
            data={languageOptions}
            value={language}
            onChange={(e) => handleLanguage(e.currentTarget.value)}
            size="md"
          />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="sm" wrap="nowrap">
              <Switch
                size="md"
                label={t('live.listener.voice')}
                checked={voiceOn && voiceMode !== 'none'}
                disabled={voiceMode === 'none' || isEnded}
                onChange={(e) => handleVoice(e.currentTarget.checked)}
              />
              {voiceMode === 'server' && serverVoices.length > 1 && (
                <SegmentedControl
                  size="sm"
                  aria-label={t('live.listener.voiceKind')}
                  value={effectiveGender}
                  onChange={handleGender}
                  disabled={!voiceOn || isEnded}
                  data={serverVoices.map((v) => ({ value: v, label: t(`live.listener.${v}`) }))}
                />
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              <IconLetterCaseToggle size={18} aria-hidden />
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => changeSize(-1)}
                disabled={sizeIndex === 0}
                aria-label={t('live.listener.smallerText')}
              >
                <IconMinus size={18} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => changeSize(1)}
                disabled={sizeIndex === TEXT_SIZES.length - 1}
                aria-label={t('live.listener.largerText')}
              >
                <IconPlus size={18} />
              </ActionIcon>
            </Group>
          </Group>
          {voiceMode === 'device' && voiceOn && (
            <Text size="xs" c="dimmed">
              {t('live.listener.deviceVoiceNote')}
            </Text>
          )}
          {voiceMode === 'none' && (
            <Text size="xs" c="dimmed">
              {t('live.listener.noVoice')}
            </Text>
          )}
        </Stack>
      </Paper>

      {!isEnded && (live.connection === 'ready' || live.connection === 'connecting') && (
        <Button
          size="xl"
          fullWidth
          leftSection={<IconHeadphones size={24} />}
          onClick={handleStart}
          loading={live.connection === 'connecting'}
        >
          {t('live.listener.start')}
        </Button>
      )}

      {showTranscript ? (
        transcript.isPending ? (
          <Center py="md">
            <Loader aria-label={t('live.common.loading')} />
          </Center>
        ) : transcript.isError ? (
          <Alert color="red">{t('live.listener.transcriptFailed')}</Alert>
        ) : (
          <CaptionList
            captions={transcript.data.captions}
            fontSize={TEXT_SIZES[sizeIndex] ?? 21}
            rtl={rtl}
            lang={locale}
            follow={false}
            emptyText={t('live.listener.transcriptEmpty')}
          />
        )
      ) : (
        (live.connection !== 'ready' || live.captions.length > 0) && (
          <CaptionList
            captions={live.captions}
            interim={language === sermon.sourceLanguage ? live.interim : ''}
            fontSize={TEXT_SIZES[sizeIndex] ?? 21}
            rtl={rtl}
            lang={locale}
            emptyText={isEnded ? t('live.listener.transcriptEmpty') : t('live.listener.waiting')}
          />
        )
      )}
      {listHref && (
        <Anchor component={Link} to={listHref} size="sm">
          {t('live.listener.backToList')}
        </Anchor>
      )}
    </Stack>
  );
}

function ConnectionBadge({ connection }: { connection: ListenerConnection | 'ended' }) {
  const { t } = useTranslation();
  const color = { ready: 'gray', connecting: 'blue', connected: 'teal', disconnected: 'orange', lost: 'red', ended: 'gray' }[connection];
  return (
    <Badge color={color} variant="light" size="lg" style={{ flexShrink: 0 }} aria-live="polite">
      {t(`live.listener.connection.${connection}`)}
    </Badge>
  );
}
