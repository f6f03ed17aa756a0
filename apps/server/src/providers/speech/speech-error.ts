import type { EngineErrorKind } from '@app/shared';
import { errorKindOf } from '../translation/translator';

/**
 * A speech provider failed for good (after its retries); the caller carries on without audio, or
 * with the church's other voice engine. `kind` is what Test connection says in the person's language.
 */
export class SpeechError extends Error {
  readonly kind: EngineErrorKind;
  constructor(message: string, readonly status?: number, kind?: EngineErrorKind) {
    super(message);
    this.kind = kind ?? errorKindOf(status);
  }
}
