import { AZURE_SEGMENTATION_SILENCE_MS, type SpeechTokenResponse } from '@app/shared';
import type * as SpeechSdkModule from 'microsoft-cognitiveservices-speech-sdk';
import type { Recognizer, RecognizerCallbacks, RecognizerErrorCode } from './recognizer-types';
import { MAX_QUICK_RESTARTS, QUICK_SESSION_MS } from './web-speech-recognizer';

export type SpeechSdk = typeof SpeechSdkModule;

/**
 * The Speech SDK is large; it is fetched only by the speaker's screen, and only for churches with a
 * speech key (ARCHITECTURE.md section 1: listeners never download it).
 */
export function loadSpeechSdk(): Promise<SpeechSdk> {
  return import('microsoft-cognitiveservices-speech-sdk');
}

/** Azure tokens live 10 minutes; renew a minute early, never later than 9 minutes (SPEECH-AND-TRANSLATION.md). */
export function tokenRefreshDelayMs(expiresAt: string, now: number): number {
  const untilExpiry = Date.parse(expiresAt) - now - 60_000;
  if (!Number.isFinite(untilExpiry)) return 8 * 60_000;
  return Math.min(9 * 60_000, Math.max(15_000, untilExpiry));
}

/** How long the first start waits for the glossary's phrase list. */
const PHRASES_WAIT_MS = 1500;

function microphoneError(details: string): RecognizerErrorCode | null {
  if (/NotAllowedError|permission|denied/i.test(details)) return 'permissionDenied';
  if (/NotFoundError|device not found|no microphone|microphone/i.test(details)) return 'noMicrophone';
  return null;
}

/**
 * Azure Speech recognition with a server-issued token (the key never reaches the browser). The SDK
 * stops on its own now and then (about every 10 minutes, network drops), so it restarts itself while
 * the speaker wants it, within the same bounded number of quick restarts as the browser recogniser.
 */
export function createAzureRecognizer(opts: {
  sdk: SpeechSdk;
  token: SpeechTokenResponse;
  locale: string;
  callbacks: RecognizerCallbacks;
  fetchToken: () => Promise<SpeechTokenResponse>;
  /** The church's glossary terms for the recogniser's phrase list (decision 025). */
  phrases?: Promise<readonly string[]>;
}): Recognizer {
  const { sdk, locale, callbacks, fetchToken } = opts;
  let phrases: readonly string[] = [];
  const phrasesReady = opts.phrases?.then((p) => { phrases = p; }, () => undefined);
  let token = opts.token;
  let recognizer: SpeechSdkModule.SpeechRecognizer | null = null;
  let wanted = false;
  let startedAt = 0;
  let heardSomething = false;
  let quickRestarts = 0;
  let restartTimer: number | null = null;
  let refreshTimer: number | null = null;

  function scheduleRefresh() {
    if (refreshTimer !== null) window.clearTimeout(refreshTimer);
    refreshTimer = window.setTimeout(() => {
      fetchToken()
        .then((fresh) => {
          token = fresh;
          if (recognizer) recognizer.authorizationToken = fresh.token;
          if (wanted) scheduleRefresh();
        })
        .catch(() => {
          // Try again soon; the current token is still valid for about a minute.
          if (wanted) refreshTimer = window.setTimeout(scheduleRefresh, 15_000);
        });
    }, tokenRefreshDelayMs(token.expiresAt, Date.now()));
  }

  function dispose() {
    const old = recognizer;
    recognizer = null;
    if (!old) return;
    old.stopContinuousRecognitionAsync(
      () => old.close(),
      () => old.close(),
    );
  }

  function giveUp(code: RecognizerErrorCode) {
    wanted = false;
    if (restartTimer !== null) window.clearTimeout(restartTimer);
    if (refreshTimer !== null) window.clearTimeout(refreshTimer);
    restartTimer = refreshTimer = null;
    dispose();
    callbacks.onInterim('');
    callbacks.onError(code, true);
    callbacks.onListeningChange(false);
  }

  function restartSoon() {
    if (!wanted || restartTimer !== null) return;
    const quick = !heardSomething && Date.now() - startedAt < QUICK_SESSION_MS;
    quickRestarts = quick ? quickRestarts + 1 : 0;
    if (quickRestarts > MAX_QUICK_RESTARTS) return giveUp('tooManyRestarts');
    dispose();
    restartTimer = window.setTimeout(() => {
      restartTimer = null;
      if (wanted) begin();
    }, quick ? 500 * quickRestarts : 100);
  }

  function begin() {
    const config = sdk.SpeechConfig.fromAuthorizationToken(token.token, token.region);
    config.speechRecognitionLanguage = locale;
    config.setProperty(sdk.PropertyId.Speech_SegmentationSilenceTimeoutMs, String(AZURE_SEGMENTATION_SILENCE_MS));
    const rec = new sdk.SpeechRecognizer(config, sdk.AudioConfig.fromDefaultMicrophoneInput());
    recognizer = rec;
    // Phrases count from the next connection, so they are set before recognition starts (SPEECH-AND-TRANSLATION.md).
    if (phrases.length > 0) sdk.PhraseListGrammar.fromRecognizer(rec).addPhrases([...phrases]);
    heardSomething = false;
    startedAt = Date.now();

    rec.recognizing = (_sender, event) => {
      heardSomething = true;
      callbacks.onInterim(event.result.text);
    };
    rec.recognized = (_sender, event) => {
      if (event.result.reason === sdk.ResultReason.RecognizedSpeech && event.result.text.trim()) {
        heardSomething = true;
        quickRestarts = 0;
        callbacks.onInterim('');
        callbacks.onFinal(event.result.text.trim());
      } else if (event.result.reason === sdk.ResultReason.NoMatch) {
        callbacks.onError('noSpeech', false);
      }
    };
    rec.canceled = (_sender, event) => {
      if (event.reason !== sdk.CancellationReason.Error || rec !== recognizer) return;
      const mic = microphoneError(event.errorDetails);
      if (mic) return giveUp(mic);
      switch (event.errorCode) {
        case sdk.CancellationErrorCode.BadRequestParameters:
          return giveUp('languageNotSupported');
        case sdk.CancellationErrorCode.Forbidden:
          return giveUp('permissionDenied');
        case sdk.CancellationErrorCode.AuthenticationFailure:
          // The token expired under us: fetch a fresh one, then carry on.
          fetchToken()
            .then((fresh) => {
              token = fresh;
              restartSoon();
            })
            .catch(() => giveUp('serviceError'));
          return;
        case sdk.CancellationErrorCode.ConnectionFailure:
        case sdk.CancellationErrorCode.ServiceTimeout:
          callbacks.onError('network', false);
          return restartSoon();
        default:
          callbacks.onError('serviceError', false);
          return restartSoon();
      }
    };
    rec.sessionStopped = () => {
      if (rec === recognizer) restartSoon();
    };
    rec.startContinuousRecognitionAsync(
      () => callbacks.onListeningChange(true),
      (error) => giveUp(microphoneError(error) ?? 'serviceError'),
    );
  }

  return {
    kind: 'azure',
    start() {
      if (wanted) return;
      wanted = true;
      quickRestarts = 0;
      scheduleRefresh();
      if (!phrasesReady) return begin();
      // A moment's wait for the phrase list; recognition starts without it rather than late.
      void Promise.race([phrasesReady, new Promise((r) => window.setTimeout(r, PHRASES_WAIT_MS))]).then(() => {
        if (wanted && !recognizer && restartTimer === null) begin();
      });
    },
    stop() {
      wanted = false;
      if (restartTimer !== null) window.clearTimeout(restartTimer);
      if (refreshTimer !== null) window.clearTimeout(refreshTimer);
      restartTimer = refreshTimer = null;
      dispose();
      callbacks.onInterim('');
      callbacks.onListeningChange(false);
    },
  };
}
