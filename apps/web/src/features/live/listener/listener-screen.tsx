import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconHeadphones,
  IconVolume,
} from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Caption, SermonByBroadcast, VoiceGender, VoicePiece, VoiceStatus } from '@app/shared';
import { paths } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';
import { ApiError } from '../../../lib/api-client';
import { useSermonByBroadcast } from '../api/get-sermon-by-broadcast';
import { AcceptJesusButton } from '../../../components/salvation/accept-jesus-button';
import { useTranscript } from '../api/get-transcript';
import { isRtl, listenerLanguageLabel, localeFor } from '../../../lib/language-label';
import type { LiveSocket } from '../lib/live-socket';
import { useWakeLock } from '../lib/use-wake-lock';
import { CaptionList } from './caption-list';
import { ConnectionBadge, ConnectionNotices } from './connection-status';
import { ListenerControls } from './listener-controls';
import { TOUCH_PX } from './touch';
import { hasDeviceVoice } from './voice/device-voice';
import { useListenerVoice } from './voice/use-listener-voice';
import { initialLanguage, readListenerPrefs, saveListenerPrefs, TEXT_SIZES } from './listener-prefs';
import { useLiveCaptions, type VoicePreference } from './use-live-captions';
import { useHeadingLevel } from '../../../components/heading-level';
import { loadAllTranslations } from '../../../i18n';
import { formattingLocale, interfaceLanguage } from '../../../i18n/interface-language';

// Only once the sermon has ended, and its feedback form needs the text of the screens beyond the
// listener's (i18n/locale-sections.ts): neither belongs in what a phone downloads to listen.
const TranslationPrompt = lazy(() =>
  Promise.all([import('../../../components/feedback/translation-prompt'), loadAllTranslations()]).then(([m]) => ({ default: m.TranslationPrompt })),
);

// A listener flagging a wrong line (decision 025): loaded on the first tap, like the salvation dialog.
const loadFlagDialog = () => import('./flag-line-dialog');
const FlagLineDialog = lazy(() => loadFlagDialog().then((m) => ({ default: m.FlagLineDialog })));

/** The mobile layout's padding above and below. */
const MOBILE_CHROME = '2 * var(--mantine-spacing-md)';

/**
 * The live view for listeners (`/join/:broadcastId` in the admin layout, `/sermon/join/:broadcastId`
 * on phones, also for guests with the share link). Loads the sermon, then the captions.
 */
export function ListenerScreen({
  broadcastId,
  listHref,
  chrome = MOBILE_CHROME,
  autoStart = false,
  info,
  socket,
}: {
  broadcastId: string;
  listHref: string | null;
  /** Height of what surrounds the screen (layout padding, headers), as CSS, so it fits the viewport. */
  chrome?: string;
  /** Join at once, without "Start listening": the visitor already chose in the church's lobby. */
  autoStart?: boolean;
  /** The sermon as the lobby's push carried it: not asked for again (decision 034). */
  info?: SermonByBroadcast;
  /** The lobby's socket, to listen on instead of opening another (decision 034). */
  socket?: LiveSocket | null;
}) {
  const titleOrder = useHeadingLevel();
  const { t } = useTranslation();
  const sermon = useSermonByBroadcast(broadcastId, { enabled: !info });

  if (info) return <LiveView key={info.sermon.id} info={info} broadcastId={broadcastId} listHref={listHref} chrome={chrome} autoStart={autoStart} socket={socket} />;
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
          <Alert style={{ flexShrink: 0 }} color="blue" title={t('live.listener.signInTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('live.listener.signInBody')}</Text>
              <Button component={AppLink} href={paths.signIn} size="sm">
                {t('live.listener.signIn')}
              </Button>
            </Stack>
          </Alert>
        ) : status === 404 ? (
          <Alert style={{ flexShrink: 0 }} color="yellow" title={t('live.listener.notFoundTitle')}>
            {t('live.listener.notFoundBody')}
          </Alert>
        ) : (
          <Alert style={{ flexShrink: 0 }} color="red" title={t('live.listener.fetchFailed')}>
            <Button size="xs" variant="light" onClick={() => void sermon.refetch()}>
              {t('live.common.retry')}
            </Button>
          </Alert>
        )}
        {listHref && (
          <Anchor component={AppLink} href={listHref}>
            {t('live.listener.backToList')}
          </Anchor>
        )}
      </Stack>
    );
  }
  return <LiveView key={sermon.data.sermon.id} info={sermon.data} broadcastId={broadcastId} listHref={listHref} chrome={chrome} autoStart={autoStart} socket={socket} />;
}

/** Captions are shown by the list; the voice follows its own pieces (decision 039). */
const ignoreCaption = () => undefined;

function LiveView({
  info,
  broadcastId,
  listHref,
  chrome,
  autoStart,
  socket,
}: {
  info: SermonByBroadcast;
  broadcastId: string;
  listHref: string | null;
  chrome: string;
  autoStart: boolean;
  socket?: LiveSocket | null;
}) {
  const titleOrder = useHeadingLevel();
  const { t, i18n } = useTranslation();
  const { sermon, languages } = info;
  const stored = useMemo(readListenerPrefs, []);
  const [flagging, setFlagging] = useState<Caption | null>(null);
  const [language, setLanguage] = useState(() =>
    initialLanguage(
      languages.map((l) => l.code),
      stored.language,
      interfaceLanguage(i18n),
      sermon.sourceLanguage,
    ),
  );
  const [voiceOn, setVoiceOn] = useState(stored.voiceOn);
  const [gender, setGender] = useState<VoiceGender>(stored.gender);
  const [sizeIndex, setSizeIndex] = useState(stored.textSizeIndex);
  const [showTranscript, setShowTranscript] = useState(false);

  const current = languages.find((l) => l.code === language);
  const rtl = isRtl(language, current?.rtl);
  const locale = localeFor(language);
  const serverVoices = info.hasSpeechKey ? (current?.voices ?? []) : [];
  const deviceVoiceAvailable = useMemo(() => typeof window !== 'undefined' && hasDeviceVoice(), []);
  const voiceMode: 'server' | 'device' | 'none' = serverVoices.length > 0 ? 'server' : deviceVoiceAvailable ? 'device' : 'none';
  const effectiveGender: VoiceGender = serverVoices.includes(gender) ? gender : (serverVoices[0] ?? gender);
  const voicePref: VoicePreference = !voiceOn || voiceMode === 'none' ? 'none' : voiceMode === 'server' ? effectiveGender : 'device';

  const languageOptions = languages.map((l) => ({
    value: l.code,
    label: listenerLanguageLabel(l.code, l.nativeName, l.name, interfaceLanguage(i18n)),
  }));
  // The voice's events arrive on the captions' socket; the voice itself needs to know whether the
  // phone has joined: handlers are passed on through a ref set once the voice exists.
  const voiceEvents = useRef<Pick<ReturnType<typeof useListenerVoice>, 'onPiece' | 'onStatus'> | null>(null);
  const onVoicePiece = useCallback((p: VoicePiece) => voiceEvents.current?.onPiece(p), []);
  const onVoiceStatus = useCallback((s: VoiceStatus) => voiceEvents.current?.onStatus(s), []);
  const live = useLiveCaptions({ broadcastId, onNewCaption: ignoreCaption, onVoicePiece, onVoiceStatus, socket });
  const isEnded = sermon.status === 'ended' || live.ended !== null;
  const voice = useListenerVoice({
    sermonId: sermon.id,
    language,
    locale,
    voicePref,
    // The stream does not depend on the socket: it goes on through a reconnection.
    active: live.connection !== 'ready' && live.connection !== 'connecting' && !isEnded,
    lockScreen: {
      title: t('live.listener.title'),
      church: sermon.churchName ?? '',
      language: languageOptions.find((o) => o.value === language)?.label ?? language,
    },
  });
  useEffect(() => {
    voiceEvents.current = voice;
  }, [voice]);
  useWakeLock(live.connection === 'connected' && !isEnded);
  const transcript = useTranscript(sermon.id, language, showTranscript);
  useDocumentTitle(`${isEnded ? t('live.listener.endedTitle') : t('live.listener.title')} · ${t('common.appName')}`);

  /** Every tap that may lead to sound unlocks it (iOS allows playback only after one). */
  const unlockSound = (pref: VoicePreference, lang = language) => voice.unlock(pref, lang);

  const handleStart = () => {
    unlockSound(voicePref);
    live.join(language, voicePref);
  };

  // From the lobby: captions start by themselves (the language and voice were chosen there).
  const startRef = useRef({ autoStart, language, voicePref, join: live.join, isEnded: sermon.status === 'ended' });
  useEffect(() => {
    const { autoStart: auto, language: lang, voicePref: pref, join, isEnded: over } = startRef.current;
    if (auto && !over) join(lang, pref);
  }, []);

  const handleLanguage = (code: string | null) => {
    if (!code || code === language) return;
    setLanguage(code);
    saveListenerPrefs({ language: code });
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
    void live.changePrefs(language, pref);
  };

  const handleGender = (next: VoiceGender) => {
    setGender(next);
    saveListenerPrefs({ gender: next });
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

  const state = live.state;
  const started = new Intl.DateTimeFormat(formattingLocale(i18n), { timeStyle: 'short' }).format(new Date(sermon.startedAt));

  return (
    // One screen high: the captions take what the title, notices and control bar leave, so the newest
    // caption stays in view at 320 px and 390 px wide whatever else is shown (decision 008).
    <Stack gap="xs" style={{ height: `calc(100dvh - ${chrome})`, minHeight: 420 }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={titleOrder} size="h3">
            {isEnded ? t('live.listener.endedHeading') : t('live.listener.title')}
          </Title>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {[sermon.churchName, sermon.hostName, t('live.listener.startedAt', { time: started })].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <ConnectionBadge connection={isEnded ? 'ended' : live.connection} />
      </Group>

      {isEnded ? (
        <Alert style={{ flexShrink: 0 }} color="gray" title={t('live.listener.endedTitle')}>
          <Stack gap="xs" align="flex-start">
            {live.ended?.reason && live.ended.reason !== 'stopped' && (
              <Text size="sm">{t(`live.endReasons.${live.ended.reason}`)}</Text>
            )}
            {!showTranscript && (
              <Button size="sm" mih={TOUCH_PX} variant="light" onClick={() => setShowTranscript(true)}>
                {t('live.listener.readTranscript')}
              </Button>
            )}
            <Suspense fallback={null}>
              <TranslationPrompt sermonId={sermon.id} language={language} />
            </Suspense>
          </Stack>
        </Alert>
      ) : (
        <ConnectionNotices connection={live.connection} state={state} />
      )}
      {live.problem && (
        <Alert style={{ flexShrink: 0 }} color="red" role="alert" withCloseButton closeButtonLabel={t('live.common.dismiss')} onClose={live.dismissProblem}>
          {t(`live.listener.problems.${live.problem}`)}
          {live.problem === 'guestsNotAllowed' && (
            <>
              {' '}
              <Anchor component={AppLink} href={paths.signIn}>
                {t('live.listener.signIn')}
              </Anchor>
            </>
          )}
        </Alert>
      )}
      {voice.blocked && (
        <Alert style={{ flexShrink: 0 }} color="blue" icon={<IconVolume />}>
          <Group gap="sm">
            <Text size="sm">{t('live.listener.soundBlocked')}</Text>
            <Button size="sm" mih={TOUCH_PX} onClick={() => unlockSound(voicePref)}>
              {t('live.listener.enableSound')}
            </Button>
          </Group>
        </Alert>
      )}

      {!isEnded && (live.connection === 'ready' || live.connection === 'connecting') && (
        <Button
          size="xl"
          fullWidth
          style={{ flexShrink: 0 }}
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
          <Alert style={{ flexShrink: 0 }} color="red">{t('live.listener.transcriptFailed')}</Alert>
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
            inProgress={live.inProgress}
            fontSize={TEXT_SIZES[sizeIndex] ?? 21}
            rtl={rtl}
            lang={locale}
            emptyText={isEnded ? t('live.listener.transcriptEmpty') : t('live.listener.waiting')}
            onFlag={(c) => setFlagging(c)}
            onFlagIntent={() => void loadFlagDialog()}
          />
        )
      )}
      {flagging && (
        <Suspense fallback={null}>
          <FlagLineDialog sermonId={sermon.id} caption={flagging} onClose={() => setFlagging(null)} />
        </Suspense>
      )}
      {!isEnded && <AcceptJesusButton sermonId={sermon.id} language={language} />}
      {/* Unobtrusive: said once to a screen reader, shown small while it lasts (decision 039). */}
      <Text size="xs" c="dimmed" role="status" aria-live="polite" style={{ flexShrink: 0, minHeight: '1.2em' }}>
        {voice.catchingUp ? t('live.listener.voiceCatchingUp') : ''}
      </Text>
      <ListenerControls
        languageOptions={languageOptions}
        language={language}
        onLanguage={handleLanguage}
        voiceMode={voiceMode}
        voiceOn={voiceOn}
        onVoice={handleVoice}
        serverVoices={serverVoices}
        gender={effectiveGender}
        onGender={handleGender}
        sizeIndex={sizeIndex}
        onSize={changeSize}
        isEnded={isEnded}
      />
      {listHref && (
        <Anchor component={AppLink} href={listHref} size="sm" mih={TOUCH_PX} style={{ display: 'inline-flex', alignItems: 'center', flexShrink: 0 }}>
          {t('live.listener.backToList')}
        </Anchor>
      )}
    </Stack>
  );
}
