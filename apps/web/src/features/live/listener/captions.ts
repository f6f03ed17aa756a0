import type { Caption } from '@app/shared';

/**
 * Final captions in seq order, one per seq: a later copy of the same seq (a reconnection replay, an
 * audio URL added) replaces the earlier one. Interim captions are never stored here.
 */
export function mergeCaptions(list: readonly Caption[], incoming: readonly Caption[], language: string): Caption[] {
  const finals = incoming.filter((c) => c.final && c.language === language);
  if (finals.length === 0) return list as Caption[];
  const bySeq = new Map<number, Caption>();
  for (const c of list) bySeq.set(c.seq, c);
  for (const c of finals) bySeq.set(c.seq, { ...bySeq.get(c.seq), ...c });
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Highest final seq shown: sent on re-join so the server replays only what was missed. */
export function lastFinalSeq(list: readonly Caption[]): number {
  return list.length ? list[list.length - 1]!.seq : 0;
}
