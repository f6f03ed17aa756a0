import type { EngineError, EngineErrorKind } from '@app/shared';

/**
 * What an administrator is told about a failed engine call (decision 041): the server's own words
 * for the kind and the status code, never the remote reply's, so an engine or an internal service
 * cannot put words on the screen. A closed port and a server that drops the connection read the
 * same ("could not be reached"). The screens show these translated by kind; these English words are
 * for API clients and the health list.
 */
const WORDS: Record<EngineErrorKind, string> = {
  auth: 'The engine refused the key',
  quota: "The engine's account is out of quota",
  rate_limited: 'The engine asked to slow down',
  unreachable: 'The address could not be reached',
  timeout: 'The engine did not answer in time',
  server: 'The engine answered with an error',
  refused: 'The engine answered with an error',
  bad_answer: "The engine's answer could not be used",
  unsupported_language: 'The engine does not have this language',
  not_installed: 'The program is not installed on the server',
  not_allowed: 'The address is not allowed: it is on an internal network',
  redirect: 'The address answered with a redirect, which is not followed',
  too_large: 'The address answered with more than an answer of this kind may hold',
};

export function plainWords(kind: EngineErrorKind, status: number | null | undefined): string {
  return status ? `${WORDS[kind]} (HTTP ${status})` : WORDS[kind];
}

/** An engine error as the screens and API get it. */
export function plainError(kind: EngineErrorKind, status: number | null | undefined): EngineError {
  return { kind, status: status ?? null, message: plainWords(kind, status) };
}
