import { createHeldAudio, recognitionEvents, type PaceClock, type RecognitionStateEvent } from '@app/shared';
import { emitWithAck, type LiveSocket } from '../lib/live-socket';
import workletUrl from './pcm-capture.worklet.ts?worker&url';
import type { Recognizer, RecognizerCallbacks } from './recognizer-types';
import { StandbyWords } from './standby-words';

const pageClock: PaceClock = {
  now: () => performance.now(),
  later: (fn, ms) => {
    const id = window.setTimeout(fn, ms);
    return () => window.clearTimeout(id);
  },
};

/** Whether the browser's recogniser stands in (else it stands by), and whether it hears from its start (else from the phones' last word). */
interface BrowserRole {
  standingIn: boolean;
  fromStart: boolean;
}

/** After standing in, the browser's recogniser stands by again this long after it was stopped: its last phrase comes first. */
const HANDED_BACK_MS = 1500;

export interface ServerRecognizer extends Recognizer {
  /**
   * The speaker's socket joined the sermon: audio flows to the church's engine on the server.
   * `offset`: the server's clock less this device's, measured on joining (decision 044).
   */
  attach(socket: LiveSocket, sermonId: string, offset?: number): void;
  /** The socket dropped: frames wait (up to 10 s) until it is back, then go paced (decision 056). */
  detach(): void;
}

/**
 * Recognition by the church's engine on the server (decision 038): the microphone is captured in
 * an AudioWorklet as 16 kHz PCM16 and streamed over the live socket; the server sends back what
 * its engine hears and which engine is listening. Works in any browser that captures a microphone.
 */
export function createServerRecognizer(callbacks: RecognizerCallbacks, fallback?: (callbacks: RecognizerCallbacks) => Recognizer | null): ServerRecognizer {
  let media: MediaStream | null = null;
  /** The browser's own recogniser, listening while no engine on the server does (decision 043). */
  let standIn: Recognizer | null = null;
  /**
   * The browser's recogniser standing by while an engine on the server listens (decision 060): it
   * hears all along, so when the engines fail it takes over from the phones' last word at once.
   */
  let standby: { recognizer: Recognizer; role: BrowserRole; words: StandbyWords; since: number | null } | null = null;
  /** The last words the phones have: the line in progress, else the last line heard. */
  let phonesHave = '';
  /**
   * Whether it hears (decision 056): `starting` until it says it started, `failed` after an error
   * until it hears words again, `broken` once it gave up (no microphone, not allowed): not tried
   * again in this session, or each retry of the server would claim it for a moment.
   */
  let standInState: 'starting' | 'hearing' | 'failed' | 'broken' = 'starting';
  let context: AudioContext | null = null;
  let target: { socket: LiveSocket; sermonId: string; started: boolean; offset: number | undefined } | null = null;
  /**
   * The words the phones have of the line the server's engine is hearing: a server that starts
   * afresh after this page lost it (a restart) continues that line with them (decision 059).
   */
  let shown: { seq: number; text: string } | null = null;
  /** Whether the server was told from when this stand-in hears (once per stand-in). */
  let standInTold = false;
  let seq = 0;
  let stopped = false;
  // Each frame goes with when it was captured, on the server's clock: a frame held while the socket
  // was away, or sent to a restarted server, keeps when it was said (decision 059).
  const held = createHeldAudio<{ audio: ArrayBuffer; at: number }>((frame) => {
    if (!target?.started) return;
    const at = target.offset === undefined ? {} : { at: Math.round(frame.at + target.offset) };
    target.socket.emit(recognitionEvents.audio, { sermonId: target.sermonId, seq: seq++, audio: frame.audio, ...at });
  }, pageClock);

  /** What the speaker is told while no engine on the server listens: the browser, or no one. */
  const tellStandIn = () => {
    if (!standIn) callbacks.onEngine?.(null, 'failed');
    else if (standInState === 'hearing') callbacks.onEngine?.('browser', 'listening');
    else if (standInState === 'starting') callbacks.onEngine?.('browser', 'switching');
    else callbacks.onEngine?.(null, 'failed');
  };
  const standInHeard = () => {
    if (standIn && standInState !== 'hearing') {
      standInState = 'hearing';
      tellStandIn();
    }
  };
  const standInFailed = (fatal: boolean) => {
    if (!standIn) return;
    standInState = fatal ? 'broken' : 'failed';
    if (fatal) {
      standIn.stop();
      standIn = null;
    }
    tellStandIn();
    callbacks.onError('serviceError', false);
  };

  /**
   * No engine on the server listens (it retries with a back-off): the browser's recogniser takes
   * over where there is one, its phrases sent as lines (the server then does not replay that time);
   * when an engine answers, it stops, its last phrase sent as it ends (decision 043). The speaker
   * is told "Heard by your browser" only while it runs without an error (decision 056).
   */
  /**
   * The server is told from when the stand-in hears (its start, on the server's clock): the audio
   * before it is replayed to the engine that comes back, so a word said as the engines failed is
   * not lost between the two (decision 059).
   */
  const tellStandInFrom = (since = Date.now()) => {
    if (standInTold || !target?.started || target.offset === undefined) return;
    standInTold = true;
    void emitWithAck(target.socket, recognitionEvents.standIn, { sermonId: target.sermonId, from: Math.round(since + target.offset) });
  };

  /** The browser's recogniser's callbacks: standing by it only keeps what it hears; standing in it is heard. */
  const browserCallbacks = (role: BrowserRole, words: StandbyWords): RecognizerCallbacks => ({
    // Its interim text reaches listeners as a server engine's does (decision 059).
    onInterim: (text) => {
      const fresh = words.interim(text);
      if (!role.standingIn) return;
      if (fresh) standInHeard();
      callbacks.onInterim(fresh, true);
    },
    onFinal: (text) => {
      const fresh = words.final(text);
      if (!role.standingIn || !fresh) return;
      standInHeard();
      callbacks.onFinal(fresh);
    },
    // Silence is not a failure; a lost service, a busy microphone or a refusal is.
    onError: (code, fatal) => {
      if (role.standingIn) return code !== 'noSpeech' && standInFailed(fatal);
      // Standing by, only giving up matters: it is not tried again in this session.
      if (fatal) {
        standby?.recognizer.stop();
        standby = null;
        standInState = 'broken';
      }
    },
    onListeningChange: (on) => {
      if (standby?.role === role) standby.since = on ? Date.now() : null;
      if (!on || !role.standingIn || !role.fromStart) return;
      tellStandInFrom();
      if (standInState === 'starting') standInHeard();
    },
  });

  /**
   * While an engine on the server listens, the browser's recogniser stands by (decision 060); after
   * it stood in, once its last phrase has had time to come (a browser runs one recogniser at a time).
   */
  let standByAfter = 0;
  let standByTimer: number | null = null;
  const standBy = () => {
    if (standby || standIn || stopped || !fallback || standInState === 'broken' || !target || standByTimer !== null) return;
    const wait = standByAfter - Date.now();
    if (wait > 0) {
      standByTimer = window.setTimeout(() => {
        standByTimer = null;
        standBy();
      }, wait);
      return;
    }
    const role: BrowserRole = { standingIn: false, fromStart: false };
    const words = new StandbyWords();
    const recognizer = fallback(browserCallbacks(role, words));
    if (!recognizer) return;
    standby = { recognizer, role, words, since: null };
    recognizer.start();
  };

  /**
   * The engines failed while the browser stood by: once it heard, it stands in from the phones' last
   * word, sending at once what it heard after it, and the server replays none of the outage; not yet
   * started, it stands in from when it starts, as one started now would.
   */
  const takeOver = (): boolean => {
    const s = standby;
    if (!s) return false;
    standby = null;
    standIn = s.recognizer;
    s.role.standingIn = true;
    standInTold = false;
    if (s.since === null) {
      s.role.fromStart = true;
      standInState = 'starting';
      return true;
    }
    standInState = 'hearing';
    const { lines, interim, found } = s.words.takeOver(phonesHave);
    for (const line of lines) callbacks.onFinal(line);
    if (interim) callbacks.onInterim(interim, true);
    tellStandInFrom(found ? s.since : Date.now());
    return true;
  };

  const standInFor = (state: RecognitionStateEvent['state']) => {
    if (state === 'failed' && !standIn && !stopped && fallback && standInState !== 'broken' && !takeOver()) {
      // Not standing by: it starts now, and hears from when it has started.
      standInState = 'starting';
      standInTold = false;
      standIn = fallback(browserCallbacks({ standingIn: true, fromStart: true }, new StandbyWords()));
      standIn?.start();
    } else if (state !== 'failed' && standIn) {
      standIn.stop();
      standIn = null;
      standByAfter = Date.now() + HANDED_BACK_MS;
    }
    if (state === 'failed') tellStandIn();
    else callbacks.onEngine?.(null, state);
  };

  const onState = (event: RecognitionStateEvent) => {
    if (event.sermonId !== target?.sermonId) return;
    if (event.engine === null && event.state === 'failed') standInFor('failed');
    // Another try under way while the browser stands in: it still hears until an engine listens.
    else if (standIn && event.state === 'switching') tellStandIn();
    else {
      if (standIn && event.state === 'listening') standInFor('listening');
      callbacks.onEngine?.(event.engine, event.state);
      if (event.state === 'listening') standBy();
    }
    if (event.interim) callbacks.onInterim(event.interim);
    if (event.interim && event.seq) shown = { seq: event.seq, text: event.interim };
    if (event.heard && shown && event.heard.seq >= shown.seq) shown = null;
    if (event.interim || event.heard) phonesHave = event.interim || event.heard!.text;
    if (event.heard) callbacks.onHeard?.(event.heard.seq, event.heard.text);
    if (event.state === 'failed' && !standIn) callbacks.onError('serviceError', false);
  };

  const start = async () => {
    stopped = false;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
      if (stopped) return stopMedia();
      context = new AudioContext();
      await context.audioWorklet.addModule(workletUrl);
      const node = new AudioWorkletNode(context, 'pcm-capture');
      node.port.onmessage = (e: MessageEvent<ArrayBuffer>) => held.push({ audio: e.data, at: Date.now() });
      context.createMediaStreamSource(media).connect(node);
      callbacks.onListeningChange(true);
    } catch (err) {
      const name = err instanceof DOMException ? err.name : '';
      callbacks.onError(name === 'NotAllowedError' ? 'permissionDenied' : name === 'NotFoundError' ? 'noMicrophone' : 'notSupported', true);
      stopMedia();
    }
  };

  const stopMedia = () => {
    media?.getTracks().forEach((track) => track.stop());
    media = null;
    void context?.close().catch(() => undefined);
    context = null;
  };

  return {
    kind: 'server',
    start: () => void start(),
    stop: () => {
      stopped = true;
      // Stopping finishes the line on the server: nothing is left to continue.
      shown = null;
      standIn?.stop();
      standIn = null;
      standby?.recognizer.stop();
      standby = null;
      if (standByTimer !== null) window.clearTimeout(standByTimer);
      standByTimer = null;
      stopMedia();
      if (target?.started) void emitWithAck(target.socket, recognitionEvents.audioStop, { sermonId: target.sermonId });
      target?.socket.off(recognitionEvents.state, onState);
      target = null;
      held.clear();
      callbacks.onListeningChange(false);
    },
    attach: (socket, sermonId, offset) => {
      target?.socket.off(recognitionEvents.state, onState);
      target = { socket, sermonId, started: false, offset };
      held.close();
      socket.on(recognitionEvents.state, onState);
      void emitWithAck(socket, recognitionEvents.audioStart, { sermonId, ...(shown ? { shown } : {}) }).then((ack) => {
        if (target?.socket !== socket) return;
        if (!ack.ok) return callbacks.onError('serviceError', false);
        target.started = true;
        // `failed`: no engine listens yet, a retry waits on the server (the browser stands in).
        if (ack.state === 'failed') standInFor('failed');
        else {
          callbacks.onEngine?.(ack.engine, 'listening');
          standBy();
        }
        held.open();
      });
    },
    detach: () => {
      if (target) target.started = false;
      held.close();
    },
  };
}
