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

/**
 * Lines still being said (`final: false`, decision 030), one per seq after the last final shown, in
 * seq order: a newer text of the same seq replaces the older, an empty one removes it.
 */
export function mergeInProgress(list: readonly Caption[], incoming: Caption, language: string, lastFinal: number): Caption[] {
  if (incoming.final || incoming.language !== language || incoming.seq <= lastFinal) return list as Caption[];
  const others = list.filter((c) => c.seq !== incoming.seq && c.seq > lastFinal);
  const next = incoming.text.trim() ? [...others, incoming] : others;
  return next.sort((a, b) => a.seq - b.seq);
}

/** In-progress lines whose final has arrived are gone (the final shows instead). */
export function withoutFinalised(list: readonly Caption[], lastFinal: number): Caption[] {
  return list.some((c) => c.seq <= lastFinal) ? list.filter((c) => c.seq > lastFinal) : (list as Caption[]);
}
