import { useCallback, useEffect, useRef, useState } from 'react';
import { sermonVoicePath, type VoicePiece, type VoiceStatus } from '@app/shared';
import type { VoicePreference } from '../use-live-captions';
import { DeviceVoice } from './device-voice';
import { setLockScreenState, showOnLockScreen } from './media-session';
import { StreamVoice } from './stream-voice';

/** Faster than this counts as catching up (the listener is told, unobtrusively). */
const CATCHING_UP_RATE = 1.02;
/** Further behind than this counts as catching up too. */
const CATCHING_UP_BEHIND_S = 5;

export interface ListenerVoiceInput {
  sermonId: string;
  language: string;
  /** The locale the phone's own voice speaks the language in. */
  locale: string;
  voicePref: VoicePreference;
  /** Joined and not ended: the voice plays only then. */
  active: boolean;
  /** What the lock screen shows. */
  lockScreen: { title: string; church: string; language: string };
}

/**
 * The listener's voice on the phone (decision 039): the server's voice as one continuous stream
 * in one audio element, or the phone's own voice saying the settled pieces the server sends. It
 * tells the screen when the voice is catching up and when the browser blocked the sound.
 */
export function useListenerVoice({ sermonId, language, locale, voicePref, active, lockScreen }: ListenerVoiceInput) {
  const { title, church, language: languageName } = lockScreen;
  const [blocked, setBlocked] = useState(false);
  const [phoneRate, setPhoneRate] = useState(1);
  // Whether the server's voice is being heard: no notice about catching up while nothing plays (decision 049).
  const [sounding, setSounding] = useState(false);
  const [status, setStatus] = useState<VoiceStatus | null>(null);
  // Made on first use (a phone that never turns the voice on makes neither), kept for the page's life.
  const [players] = useState(() => new Players(() => setBlocked(true), setPhoneRate, setSounding));
  const server = voicePref === 'male' || voicePref === 'female';
  const url = server ? sermonVoicePath(sermonId, language, voicePref) : null;

  // Read through a ref so a piece arriving mid-render uses the choices of that moment.
  const current = useRef({ language, locale, voicePref });
  useEffect(() => {
    current.current = { language, locale, voicePref };
  }, [language, locale, voicePref]);

  // The stream follows the language and voice chosen (a new stream at once, at the live edge).
  useEffect(() => {
    setStatus(null);
    if (!active || !url) {
      players.playing?.stop();
      return;
    }
    players.stream().play(url);
  }, [active, url, players]);
  useEffect(() => {
    if (!active || voicePref !== 'device') players.speaking?.clear();
  }, [active, voicePref, language, players]);
  useEffect(() => () => players.close(), [players]);

  // A phone coming back (unlocked, back online) hears the pastor now, not a backlog; one locked or
  // put away goes back to normal speed (StreamVoice.hidden).
  useEffect(() => {
    if (!active || !url) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') players.playing?.shown();
      else players.playing?.hidden();
    };
    const onOnline = () => players.playing?.resume();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    const hide = showOnLockScreen({ title, church, language: languageName }, {
      play: () => {
        players.playing?.resume();
        setLockScreenState('playing');
      },
      pause: () => {
        players.playing?.pause();
        setLockScreenState('paused');
      },
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
      hide();
    };
  }, [active, url, title, church, languageName, players]);

  /** Every tap that may lead to sound unlocks it (iOS plays only after one). */
  const unlock = useCallback(
    (pref: VoicePreference, lang: string) => {
      setBlocked(false);
      if (pref === 'male' || pref === 'female') players.stream().play(sermonVoicePath(sermonId, lang, pref));
      else if (pref === 'device') players.device().unlock();
    },
    [sermonId, players],
  );

  const onPiece = useCallback((piece: VoicePiece) => {
    const c = current.current;
    if (c.voicePref === 'device' && piece.language === c.language) players.device().speak(piece.text, c.locale);
  }, [players]);

  const onStatus = useCallback((s: VoiceStatus) => {
    if (s.language !== current.current.language) return;
    setStatus(s);
  }, []);

  const serverCatchingUp = server && sounding && (phoneRate > CATCHING_UP_RATE || (status !== null && (status.rate > CATCHING_UP_RATE || status.behindS > CATCHING_UP_BEHIND_S)));
  const catchingUp = active && (serverCatchingUp || (voicePref === 'device' && phoneRate > CATCHING_UP_RATE));
  return { blocked, catchingUp, unlock, onPiece, onStatus };
}

/** The two ways a phone voices the sermon, each made when first needed. */
class Players {
  playing: StreamVoice | null = null;
  speaking: DeviceVoice | null = null;

  constructor(
    private readonly onBlocked: () => void,
    private readonly onRate: (rate: number) => void,
    private readonly onSounding: (sounding: boolean) => void,
  ) {}

  stream(): StreamVoice {
    return (this.playing ??= new StreamVoice(new Audio(), { onBlocked: this.onBlocked, onRate: this.onRate, onSounding: this.onSounding }));
  }

  device(): DeviceVoice {
    return (this.speaking ??= new DeviceVoice(window.speechSynthesis, this.onRate));
  }

  close(): void {
    this.playing?.stop();
    this.speaking?.clear();
  }
}
