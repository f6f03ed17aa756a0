const words = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}\s']/gu, '').split(/\s+/).filter(Boolean);

/**
 * A final phrase without the words it repeats from the end of the previous one: a safeguard for
 * an engine whose phrase end was not exactly where it said (the replay starts there). Two or more
 * words must repeat; one could be the speaker's own ("so, so").
 */
export function withoutRepeat(previous: string, next: string): string {
  const a = words(previous);
  const raw = next.split(/\s+/).filter(Boolean);
  const b = words(next);
  for (let n = Math.min(a.length, b.length, 12); n >= 2; n--) {
    if (a.slice(-n).join(' ') === b.slice(0, n).join(' ')) return raw.slice(n).join(' ');
  }
  return next.trim();
}
