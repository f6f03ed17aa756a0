import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LobbyInfo, SermonByBroadcast } from '@app/shared';
import { paths } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';
import { ApiError } from '../../../lib/api-client';
import { readStoredUser } from '../../../lib/stored-user';
import { useLobby } from '../api/get-lobby';
import { ListenerScreen } from '../listener/listener-screen';
import { initialLanguage, readListenerPrefs, saveListenerPrefs } from '../listener/listener-prefs';
import { useLobbySocket } from './use-lobby-socket';
import { interfaceLanguage } from '../../../i18n/interface-language';

// Only before the service: a phone that opens the link during the sermon goes straight to the live
// view without downloading the waiting screen (the 150 KB budget of decision 018).
const LobbyWaiting = lazy(() => import('./lobby-waiting').then((m) => ({ default: m.LobbyWaiting })));

/**
 * `/l/{code}`: a church's lobby for good (docs/decisions/019). Before the service it shows the church,
 * the next service with a countdown and the language choice; when the speaker goes live (on any
 * server process) it turns into the live view by itself; after the end it offers the transcript and
 * waits for the next service.
 */
export function LobbyPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const lobby = useLobby(code);

  if (lobby.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('live.common.loading')} />
      </Center>
    );
  }
  if (lobby.isError) {
    const notFound = lobby.error instanceof ApiError && lobby.error.status === 404;
    return (
      <Stack py="md">
        <Title order={1} size="h3">{t('lobby.title')}</Title>
        {notFound ? (
          <Alert color="yellow" title={t('lobby.notFoundTitle')}>{t('lobby.notFoundBody')}</Alert>
        ) : (
          <Alert color="red" title={t('lobby.fetchFailed')}>
            <Button size="xs" variant="light" onClick={() => void lobby.refetch()}>{t('live.common.retry')}</Button>
          </Alert>
        )}
      </Stack>
    );
  }
  const info = lobby.data;
  if (!info.church.guestsAllowed && !readStoredUser().userId) {
    return (
      <Stack py="md">
        <Title order={1} size="h3">{info.church.name}</Title>
        <Alert color="blue" title={t('lobby.signInTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('lobby.signInBody', { church: info.church.name })}</Text>
            <Button component={AppLink} href={`${paths.signIn}?next=${encodeURIComponent(window.location.pathname)}`}>
              {t('lobby.signIn')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <LobbyRoom info={info} code={code} refetch={lobby.refetch} />;
}

function LobbyRoom({ info, code, refetch }: { info: LobbyInfo; code: string; refetch: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const codes = info.languages.map((l) => l.code);
  const [language, setLanguage] = useState(() => initialLanguage(codes, readListenerPrefs().language, interfaceLanguage(i18n), codes[0] ?? 'en'));
  // The sermon to listen to, with what the lobby's answer or the push carried of it (then the live
  // view does not ask).
  const fetchedLive = info.live?.broadcastId ?? null;
  const fetchedListen = info.live?.listen ?? undefined;
  const [live, setLive] = useState<{ broadcastId: string; listen?: SermonByBroadcast } | null>(fetchedLive ? { broadcastId: fetchedLive, listen: fetchedListen } : null);

  // A fresh answer (after a reconnection, or the end of a sermon) may carry a sermon the push missed.
  useEffect(() => {
    if (fetchedLive) setLive((current) => (current?.broadcastId === fetchedLive ? current : { broadcastId: fetchedLive, listen: fetchedListen }));
  }, [fetchedLive, fetchedListen]);

  const { socket } = useLobbySocket({
    code,
    languages: [language],
    onLive: (pushed) => setLive({ broadcastId: pushed.broadcastId, listen: pushed.listen?.sermon.broadcastId === pushed.broadcastId ? pushed.listen : undefined }),
    onEnded: () => void refetch(),
    onReconnect: () => void refetch(),
  });

  const handleLanguage = (next: string) => {
    setLanguage(next);
    saveListenerPrefs({ language: next });
  };

  // Listening on the lobby's own socket: a whole lobby turning live opens no new connections.
  if (live) return <ListenerScreen key={live.broadcastId} broadcastId={live.broadcastId} info={live.listen} socket={socket} listHref={null} autoStart />;
  return (
    <Suspense fallback={<Center py="xl"><Loader aria-label={t('live.common.loading')} /></Center>}>
      <LobbyWaiting info={info} language={language} onLanguage={handleLanguage} />
    </Suspense>
  );
}
