import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ServerRecognitionKind, SpeakerRecognition, SpeechTokenResponse } from '@app/shared';
import { getSpeakerRecognition } from '../api/get-speaker-recognition';
import { findSpeechToken } from '../api/get-speech-token';
import { getGlossaryPhrases } from '../api/get-glossary-phrases';
import { createAzureRecognizer, loadSpeechSdk, type SpeechSdk } from './azure-recognizer';
import type { Recognizer, RecognizerCallbacks } from './recognizer-types';
import { createServerRecognizer } from './server-recognizer';
import { createWebSpeechRecognizer, findSpeechRecognition } from './web-speech-recognizer';

export type SpeechEngineKind = 'server' | 'azure' | 'browser' | 'none';

export interface SpeechEngine {
  /** null while finding out whether the church has a speech key. */
  kind: SpeechEngineKind | null;
  /** false when the device reports no microphone at all; null when it cannot tell. */
  hasMicrophone: boolean | null;
  /** Server engines whose last attempt failed (decision 038): the speaker is told before going live. */
  failing: ServerRecognitionKind[];
  /** What translates the captions ('demo' when the church chose no engine); null while unknown. */
  translator: SpeakerRecognition['translator'] | null;
  /** A recogniser for the spoken language, or null when this browser has none (typing still works). */
  create: (locale: string, callbacks: RecognizerCallbacks) => Recognizer | null;
}

/**
 * Decides how the speaker is heard, before the sermon starts (the first connection to Azure can take
 * seconds, SPEECH-AND-TRANSLATION.md): a church with a recognition engine on the server streams the
 * microphone to it (decision 038); one with a speech key gets Azure with a server-issued token and
 * the SDK preloaded; any other, the browser's Web Speech API.
 */
export function useSpeechEngine(churchId: string): SpeechEngine {
  const recognition = useQuery({
    queryKey: ['live', 'speech-recognition', churchId] as const,
    queryFn: () => getSpeakerRecognition(churchId),
    staleTime: 60_000,
    retry: false,
  });
  // A browser without AudioWorklet (very old) cannot stream; it keeps the browser's recogniser.
  const onServer = recognition.data?.mode === 'server' && typeof AudioWorkletNode !== 'undefined';
  const token = useQuery({
    queryKey: ['live', 'speech-token', churchId] as const,
    queryFn: () => findSpeechToken(churchId),
    // Tokens last 10 minutes; keep a fresh one ready while the speaker prepares.
    staleTime: 7 * 60_000,
    refetchInterval: 7 * 60_000,
    retry: false,
  });
  const tokenRef = useRef<SpeechTokenResponse | null>(null);
  useEffect(() => {
    tokenRef.current = token.data ?? null;
  }, [token.data]);

  const [sdk, setSdk] = useState<SpeechSdk | null>(null);
  const [sdkFailed, setSdkFailed] = useState(false);
  const wantsAzure = Boolean(token.data) && !onServer;
  useEffect(() => {
    if (!wantsAzure) return;
    let cancelled = false;
    loadSpeechSdk()
      .then((mod) => !cancelled && setSdk(() => mod))
      .catch(() => !cancelled && setSdkFailed(true));
    return () => {
      cancelled = true;
    };
  }, [wantsAzure]);

  const [hasMicrophone, setHasMicrophone] = useState<boolean | null>(null);
  useEffect(() => {
    const devices = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!devices?.enumerateDevices) return;
    let cancelled = false;
    devices
      .enumerateDevices()
      .then((list) => !cancelled && setHasMicrophone(list.some((d) => d.kind === 'audioinput')))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  const browserCtor = typeof window !== 'undefined' ? findSpeechRecognition() : null;
  // A failed token request (network, permission) falls back to the browser rather than blocking.
  const settled = (token.isSuccess || token.isError) && (recognition.isSuccess || recognition.isError);
  // A church with a key whose SDK could not load (offline) also falls back to the browser.
  const useAzure = Boolean(token.data) && !sdkFailed;
  const kind: SpeechEngineKind | null = !settled ? null : onServer ? 'server' : useAzure && !sdk ? null : useAzure ? 'azure' : browserCtor ? 'browser' : 'none';

  const create = (locale: string, callbacks: RecognizerCallbacks): Recognizer | null => {
    // The browser's own recogniser stands in while every engine on the server is down (decision 043).
    if (kind === 'server') return createServerRecognizer(callbacks, browserCtor ? (cb) => createWebSpeechRecognizer({ Ctor: browserCtor, lang: locale, callbacks: cb }) : undefined);
    const current = tokenRef.current;
    if (kind === 'azure' && sdk && current) {
      return createAzureRecognizer({
        sdk,
        token: current,
        locale,
        callbacks,
        fetchToken: async () => {
          const fresh = await findSpeechToken(churchId);
          if (!fresh) throw new Error('The church no longer has a speech key');
          return fresh;
        },
        phrases: getGlossaryPhrases(churchId, locale),
      });
    }
    if (browserCtor) return createWebSpeechRecognizer({ Ctor: browserCtor, lang: locale, callbacks });
    return null;
  };

  const failing = onServer ? (recognition.data?.engines ?? []).filter((e) => e.failing).map((e) => e.kind as ServerRecognitionKind) : [];
  return { kind, hasMicrophone, failing, translator: recognition.data?.translator ?? null, create };
}
