/**
 * Error codes the API puts in problem+json `type` (as `/problems/<code>`) and the web app maps to
 * translated messages under `errors.<code>`.
 */
export const errorCodes = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'email_taken',
  'invalid_credentials',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_reset_code',
  'foreign_origin',
  'stream_limit_reached',
  'no_changes',
  'invalid_invitation',
  'last_platform_admin',
  'self_change',
  'church_has_people',
  'deletion_request_open',
  'two_step_required',
  'two_step_code_needed',
  'two_step_code_invalid',
  'two_step_restart',
  // Translation engines (decision 033).
  'engine_test_failed',
  'engine_primary_first',
  // Livestream captions (decision 037).
  'livestream_feeds_full',
  // Speech recognition engines (decision 038).
  'speech_key_missing',
  'engine_mix',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export interface FieldError {
  field: string;
  /** English, for API clients. */
  message: string;
  /** Translation key (`validation.*`) for the web app, when the rule has one. */
  key?: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: ErrorCode;
  errors?: FieldError[];
}
