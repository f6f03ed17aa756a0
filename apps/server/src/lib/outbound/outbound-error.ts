/**
 * Why the outbound client stopped a request by itself (decision 041). The words are the server's
 * own, never the remote's; the screens translate the reason.
 */
export type OutboundReason = 'not_allowed' | 'redirect' | 'too_large';

const WORDS: Record<OutboundReason, string> = {
  not_allowed: 'The address is not allowed: it is on an internal network',
  redirect: 'The address answered with a redirect, which is not followed',
  too_large: 'The address answered with more than an answer of this kind may hold',
};

export class OutboundRefusal extends Error {
  constructor(readonly reason: OutboundReason) {
    super(WORDS[reason]);
    this.name = 'OutboundRefusal';
  }
}

/** The refusal behind an error (fetch wraps a connect error as `cause`), if it is one. */
export function refusalOf(error: unknown): OutboundRefusal | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OutboundRefusal) return e;
  }
  return null;
}

/**
 * Whether an error is a name that does not resolve (or did not within the lookup's time, decision
 * 051): retrying within a call's budget finds nothing new, and Test connection must end in its 8 s.
 */
export function isUnresolvedName(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === 'ENOTFOUND') return true;
  }
  return false;
}
