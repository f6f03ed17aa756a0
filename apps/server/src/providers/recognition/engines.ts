import type { ServerRecognitionKind } from '@app/shared';
import type { AppContext } from '../../context';
import { outboundOf } from '../../lib/outbound/outbound-client';
import { AssemblyAIRecognizer } from './assemblyai';
import { AzureSpeechRecognizer } from './azure-speech';
import { DeepgramRecognizer } from './deepgram';
import { OpenAIRealtimeRecognizer } from './openai-realtime';
import type { RecognitionEngine } from './recognizer';

/** A server recognition engine's settings with its key in clear (never logged). */
export interface RecognitionSpec {
  kind: ServerRecognitionKind;
  url: string | null;
  model: string | null;
  key: string | null;
  /** Azure's region (the church's speech key's, from Live settings). */
  region: string | null;
}

/** An engine for these settings, with its address's test override from the configuration. */
export function buildRecognizer(ctx: Pick<AppContext, 'config'>, spec: RecognitionSpec): RecognitionEngine {
  const c = ctx.config;
  switch (spec.kind) {
    case 'deepgram':
      return new DeepgramRecognizer({ key: spec.key ?? '', baseUrlOverride: c.DEEPGRAM_URL });
    case 'assemblyai':
      return new AssemblyAIRecognizer({ key: spec.key ?? '', baseUrlOverride: c.ASSEMBLYAI_URL });
    case 'openai-realtime':
      // The church's own address goes through the outbound client's checks; the operator's override does not need them.
      return new OpenAIRealtimeRecognizer({
        url: spec.url ?? '', model: spec.model, key: spec.key, baseUrlOverride: c.OPENAI_REALTIME_URL,
        guard: c.OPENAI_REALTIME_URL ? undefined : (url) => outboundOf(c).socketOptions(url),
      });
    case 'azure-server':
      return new AzureSpeechRecognizer({ key: spec.key ?? '', region: spec.region ?? '', hostOverride: c.AZURE_SPEECH_STT_URL });
  }
}
