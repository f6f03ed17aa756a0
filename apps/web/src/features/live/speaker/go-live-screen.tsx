import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChurchLanguage, ScheduledSermon, Sermon } from '@app/shared';
import { useHeadingLevel, useOwnTitle } from '../../../components/heading-level';
import { readStoredUser } from '../../../lib/stored-user';
import { useGoLiveLanguages } from '../api/get-go-live-languages';
import { useSermons } from '../api/sermons-query';
import { localeFor } from '../../../lib/language-label';
import { useWakeLock } from '../lib/use-wake-lock';
import { ChurchSermonsPanel } from './church-sermons-panel';
import { GoLiveSchedule } from './go-live-schedule';
import { SentLines } from './sent-lines';
import { SpeakerLiveView } from './speaker-live-view';
import { SpeakerSetupView } from './speaker-setup-view';
import { useSpeakerSession } from './use-speaker-session';
import { useSpeechEngine } from './use-speech-engine';

const SOURCE_LANGUAGE_KEY = 'live.sourceLanguage';

/**
 * The go-live (speaker) screen, shared by `/real-time-sermon-translation` in the admin layout and
 * `/golive` in the mobile app. Staff and church admins go live; church and platform admins also see
 * the church's sermons with End and Delete.
 */
export function GoLiveScreen({ churchId }: { churchId: string }) {
  const titleOrder = useHeadingLevel();
  const ownTitle = useOwnTitle();
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
          {ownTitle && (
            <Title order={titleOrder} size="h2">
              {t('live.speaker.title')}
            </Title>
          )}
          <Alert color="blue">{t('live.speaker.onlyStaff')}</Alert>
          {canManage && <ScheduleForAdmin churchId={churchId} />}
          {canManage && <ChurchSermonsPanel churchId={churchId} />}
        </>
      )}
    </Stack>
  );
}

/** A platform admin does not go live but may schedule the church's services from here too. */
function ScheduleForAdmin({ churchId }: { churchId: string }) {
  const languages = useGoLiveLanguages(churchId);
  return <GoLiveSchedule churchId={churchId} goLiveLanguages={languages.data?.goLive ?? []} />;
}

/** Holds the speaker session and shows the view of its phase: setup, live, or ended. */
function SpeakerConsole({ churchId, canManage }: { churchId: string; canManage: boolean }) {
  const titleOrder = useHeadingLevel();
  const ownTitle = useOwnTitle();
  const { t } = useTranslation();
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

  const localeOf = (code: string) => localeFor(code, goLiveList.find((l) => l.code === code)?.locale);

  const handleStart = () => {
    if (!selected) return;
    localStorage.setItem(SOURCE_LANGUAGE_KEY, selected.code);
    void session.start(selected.code, localeFor(selected.code, selected.locale));
  };
  const handleStartService = (service: ScheduledSermon) =>
    void session.start(service.sourceLanguage, localeOf(service.sourceLanguage), service.id);
  const handleResume = (sermon: Sermon) => session.resume(sermon, localeOf(sermon.sourceLanguage));

  if (session.phase === 'setup' || session.phase === 'starting') {
    return (
      <SpeakerSetupView
        churchId={churchId}
        canManage={canManage}
        session={session}
        engine={engine}
        languages={languages}
        goLiveList={goLiveList}
        selected={selected}
        onSelect={setSourceCode}
        names={names}
        myLiveSermon={myLiveSermon}
        onStart={handleStart}
        onStartService={handleStartService}
        onResume={handleResume}
      />
    );
  }

  if (session.phase === 'ended' || !session.sermon) {
    return (
      <Stack gap="lg">
        {ownTitle && (
          <Title order={titleOrder} size="h2">
            {t('live.speaker.title')}
          </Title>
        )}
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

  return (
    <SpeakerLiveView
      churchId={churchId}
      canManage={canManage}
      session={session}
      sermon={session.sermon}
      engine={engine}
      wakeLock={wakeLock}
      names={names}
    />
  );
}
