import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconHeadphones } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Caption, SermonByBroadcast, VoiceGender, VoicePiece, VoiceStatus } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { AppLink } from '../../../components/app-link';
import { href } from '../../../config/paths';
import { readStoredUser } from '../../../lib/stored-user';
import { useSermonByBroadcast } from '../api/get-sermon-by-broadcast';
import { AcceptJesusButton } from '../../../components/salvation/accept-jesus-button';
import { useTranscript } from '../api/get-transcript';
import { isRtl, listenerLanguageLabel, localeFor } from '../../../lib/language-label';
import type { LiveSocket } from '../lib/live-socket';
import { useWakeLock } from '../lib/use-wake-lock';
import { CaptionList } from './caption-list';
import { ConnectionBadge, ConnectionNotices } from './connection-status';
import { ListenerControls } from './listener-controls';
import { useListenerChoices } from './listener-choices';
import { EndedNotice, ListenerWayOut, ListenerLoadError, ProblemNotice, SoundBlockedNotice } from './listener-notices';
import { useListenerVoice } from './voice/use-listener-voice';
import { TEXT_SIZES } from './listener-prefs';
import { useLiveCaptions, type VoicePreference } from './use-live-captions';
import { useHeadingLevel } from '../../../components/heading-level';
import { formattingLocale, interfaceLanguage } from '../../../i18n/interface-language';

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
    const status = sermon.error instanceof ApiError ? sermon.error.status : 0;
    return <ListenerLoadError status={status} titleOrder={titleOrder} listHref={listHref} onRetry={() => void sermon.refetch()} />;
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
  const [flagging, setFlagging] = useState<Caption | null>(null);
  const [showTranscript, setShowTranscript] = useState(false);
  const choices = useListenerChoices(info, interfaceLanguage(i18n));
  const { language, voicePref, sizeIndex } = choices;

  const current = languages.find((l) => l.code === language);
  const rtl = isRtl(language, current?.rtl);
  const locale = localeFor(language);

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
  const unlockSound = (pref: VoicePreference) => voice.unlock(pref, language);

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
    const pref = choices.chooseLanguage(code);
    if (code && pref) void live.changePrefs(code, pref);
  };

  const handleVoice = (on: boolean) => {
    const pref = choices.chooseVoiceOn(on);
    if (on) unlockSound(pref);
    void live.changePrefs(language, pref);
  };

  const handleGender = (next: VoiceGender) => {
    const pref = choices.chooseGender(next);
    if (!pref) return;
    unlockSound(pref);
    void live.changePrefs(language, pref);
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
          {/* The start time has a line of its own: at 390 px a long church name clamped on one line hid it. */}
          <Text size="sm" c="dimmed" lineClamp={1}>
            {[sermon.churchName, sermon.hostName].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">{t('live.listener.startedAt', { time: started })}</Text>
        </Stack>
        <ConnectionBadge connection={isEnded ? 'ended' : live.connection} />
      </Group>

      {isEnded ? (
        <>
          <EndedNotice reason={live.ended?.reason} sermonId={sermon.id} language={language} showingTranscript={showTranscript} onReadTranscript={() => setShowTranscript(true)} />
          {/* Listen again (decision 037) is for signed-in people: the sermon read and heard again later. */}
          {readStoredUser().userId && (
            <Anchor component={AppLink} href={href.listenAgain(sermon.id, language)} style={{ flexShrink: 0 }}>{t('live.listener.listenAgain')}</Anchor>
          )}
        </>
      ) : (
        <ConnectionNotices connection={live.connection} state={state} />
      )}
      {live.problem && <ProblemNotice problem={live.problem} onDismiss={live.dismissProblem} />}
      {voice.blocked && <SoundBlockedNotice onEnable={() => unlockSound(voicePref)} />}

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
        voiceMode={choices.voiceMode}
        voiceOn={choices.voiceOn}
        onVoice={handleVoice}
        serverVoices={choices.serverVoices}
        gender={choices.gender}
        onGender={handleGender}
        sizeIndex={sizeIndex}
        onSize={choices.changeSize}
        isEnded={isEnded}
      />
      <ListenerWayOut listHref={listHref} />
    </Stack>
  );
}
