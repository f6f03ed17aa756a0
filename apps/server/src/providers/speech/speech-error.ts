/** A speech provider failed for good (after its retries); the caller carries on without audio. */
export class SpeechError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}
