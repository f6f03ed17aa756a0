import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Center, Checkbox, Container, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LobbyInfo } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { joinQrUrl } from '../../../lib/join-link';
import { useLobby } from '../api/get-lobby';
import { listenerLanguageLabel } from '../../../lib/language-label';
import { formatStart, timeLeft, useNow } from '../lobby/countdown';
import { useLobbySocket } from '../lobby/use-lobby-socket';
import { ProjectorColumn } from './projector-column';
import classes from './projector.module.css';
import { formattingLocale, interfaceLanguage } from '../../../i18n/interface-language';

export const PROJECTOR_MAX_LANGUAGES = 3;
const IDLE_MS = 3000;

/** `?languages=pt,es`: the offered ones, at most three, in the order given. */
export function parseLanguages(param: string | null, offered: string[]): string[] {
  const wanted = (param ?? '').split(',').map((c) => c.trim()).filter(Boolean);
  return [...new Set(wanted)].filter((c) => offered.includes(c)).slice(0, PROJECTOR_MAX_LANGUAGES);
}

/**
 * `/l/{code}/projector?languages=pt,es`: full-screen captions for a room's screen (docs/decisions/019),
 * one column per language. Waits in the lobby state before the service and follows every sermon
 * of the church from then on, with no touch.
 */
export function ProjectorPage({ code, languagesParam }: { code: string; languagesParam: string | null }) {
  const { t } = useTranslation();
  const lobby = useLobby(code);
  const [chosen, setChosen] = useState<string[] | null>(null);

  if (lobby.isPending) {
    return (
      <Center component="main" h="100dvh">
        <Loader aria-label={t('live.common.loading')} />
      </Center>
    );
  }
  if (lobby.isError) {
    const notFound = lobby.error instanceof ApiError && lobby.error.status === 404;
    return (
      <Container component="main" size="sm" py="xl">
        <Title order={1} size="h3" mb="md">{t('projector.title')}</Title>
        <Alert color={notFound ? 'yellow' : 'red'} title={notFound ? t('lobby.notFoundTitle') : t('lobby.fetchFailed')}>
          {notFound ? t('lobby.notFoundBody') : <Button size="xs" variant="light" onClick={() => void lobby.refetch()}>{t('live.common.retry')}</Button>}
        </Alert>
      </Container>
    );
  }
  const offered = lobby.data.languages.map((l) => l.code);
  const languages = chosen ?? parseLanguages(languagesParam, offered);
  if (languages.length === 0) {
    return (
      <LanguageChooser
        info={lobby.data}
        onChoose={(codes) => {
          const url = new URL(window.location.href);
          url.searchParams.set('languages', codes.join(','));
          window.history.replaceState(null, '', url.href);
          setChosen(codes);
        }}
      />
    );
  }
  return <ProjectorStage info={lobby.data} code={code} languages={languages} refetch={lobby.refetch} />;
}

function LanguageChooser({ info, onChoose }: { info: LobbyInfo; onChoose: (codes: string[]) => void }) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState<string[]>([]);
  useDocumentTitle(`${t('projector.title')} · ${info.church.name}`);
  return (
    <Container component="main" size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">{t('projector.title')}</Title>
        <Text>{t('projector.chooseBody')}</Text>
        <Checkbox.Group label={t('projector.languages')} value={picked} onChange={setPicked}>
          <Stack gap="xs" mt="xs">
            {info.languages.map((l) => (
              <Checkbox
                key={l.code}
                value={l.code}
                label={listenerLanguageLabel(l.code, l.nativeName, l.name, interfaceLanguage(i18n))}
                disabled={!picked.includes(l.code) && picked.length >= PROJECTOR_MAX_LANGUAGES}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Button size="lg" disabled={picked.length === 0} onClick={() => onChoose(picked)}>{t('projector.show')}</Button>
      </Stack>
    </Container>
  );
}

function ProjectorStage({ info, code, languages, refetch }: { info: LobbyInfo; code: string; languages: string[]; refetch: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const [broadcastId, setBroadcastId] = useState<string | null>(info.live?.broadcastId ?? null);
  const [endedId, setEndedId] = useState<string | null>(null);
  const idle = useIdleCursor();
  const fullscreen = useFullscreen();
  useDocumentTitle(`${t('projector.title')} · ${info.church.name}`);

  const fetchedLive = info.live?.broadcastId ?? null;
  useEffect(() => {
    if (fetchedLive) setBroadcastId(fetchedLive);
  }, [fetchedLive]);
  useLobbySocket({
    code,
    languages,
    projector: true,
    onLive: (live) => {
      setEndedId(null);
      setBroadcastId(live.broadcastId);
    },
    onEnded: () => void refetch(),
    onReconnect: () => void refetch(),
  });
  const handleEnded = useCallback(() => setEndedId((id) => id ?? 'ended'), []);

  const link = `${window.location.host}/l/${info.church.joinCode}`;
  const showLive = broadcastId && !endedId;
  return (
    <main className={`${classes.stage} ${idle ? classes.idle : ''}`}>
      <VisuallyHidden component="h1">{`${t('projector.title')} · ${info.church.name}`}</VisuallyHidden>
      {showLive ? (
        <div className={classes.columns}>
          {languages.map((code) => {
            const l = info.languages.find((x) => x.code === code)!;
            return <ProjectorColumn key={`${broadcastId}-${code}`} broadcastId={broadcastId} language={code} nativeName={l.nativeName} name={l.name} rtl={l.rtl} onEnded={handleEnded} />;
          })}
        </div>
      ) : (
        <Waiting info={info} code={code} ended={endedId !== null} locale={formattingLocale(i18n)} />
      )}
      <div className={classes.footer}>
        {showLive ? (
          <div className={classes.corner}>
            <img className={classes.cornerQr} src={joinQrUrl(info.church.joinCode)} alt={t('projector.qrAlt', { link })} />
            <span className={classes.cornerText}>{t('projector.scanToFollow')}<br />{link}</span>
          </div>
        ) : <span />}
        <Button
          variant="subtle"
          color="gray"
          c="gray.3"
          size="md"
          leftSection={fullscreen.on ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
          onClick={fullscreen.toggle}
          className={classes.fullscreenButton}
        >
          {fullscreen.on ? t('projector.exitFullscreen') : t('projector.fullscreen')}
        </Button>
      </div>
    </main>
  );
}

function Waiting({ info, code, ended, locale }: { info: LobbyInfo; code: string; ended: boolean; locale: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const next = info.upcoming[0];
  const left = next ? timeLeft(next.startsAt, now) : null;
  const link = `${window.location.host}/l/${info.church.joinCode}`;
  return (
    <div className={classes.waiting}>
      <p className={classes.churchName}>{info.church.name}</p>
      {ended && <p className={classes.serviceLine}>{t('projector.ended')}</p>}
      {next && (
        <>
          <p className={classes.serviceLine}>{next.title} · {formatStart(next.startsAt, info.church.timeZone, locale)}</p>
          {left && <p className={classes.countdown} role="timer">{left.days > 0 ? `${t('lobby.days', { count: left.days })} ` : ''}{left.clock}</p>}
        </>
      )}
      {!next && !ended && <p className={classes.serviceLine}>{t('projector.waiting')}</p>}
      <img className={classes.bigQr} src={joinQrUrl(code)} alt={t('projector.qrAlt', { link })} />
      <p className={classes.serviceLine}>{t('projector.scanToFollow')} · {link}</p>
    </div>
  );
}

/** Hides the cursor after a few seconds without a move (a screen in a room has nobody at it). */
function useIdleCursor(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = window.setTimeout(() => setIdle(true), IDLE_MS);
    const wake = () => {
      setIdle(false);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setIdle(true), IDLE_MS);
    };
    window.addEventListener('pointermove', wake);
    window.addEventListener('keydown', wake);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pointermove', wake);
      window.removeEventListener('keydown', wake);
    };
  }, []);
  return idle;
}

function useFullscreen() {
  const [on, setOn] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const handle = () => setOn(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', handle);
    return () => document.removeEventListener('fullscreenchange', handle);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return { on, toggle };
}
