import { MAX_SEGMENT_CHARS } from '@app/shared';

/**
 * Splits a long line (a pasted paragraph) into segments the server accepts, at sentence or word
 * boundaries where possible so each caption still reads well.
 */
export function splitSegment(text: string, max = MAX_SEGMENT_CHARS): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  const parts: string[] = [];
  let rest = clean;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '));
    const space = window.lastIndexOf(' ');
    const cut = sentenceEnd > max / 2 ? sentenceEnd + 1 : space > max / 2 ? space : max;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/**
 * Interim text changes many times a second; listeners need a fresh partial a few times a second at
 * most. Sends at once, then at most every `intervalMs`, always ending with the latest text.
 */
export function createThrottle<T>(send: (value: T) => void, intervalMs: number, now: () => number = Date.now) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: T | null = null;
  const flush = () => {
    timer = null;
    if (latest === null) return;
    last = now();
    const value = latest;
    latest = null;
    send(value);
  };
  return {
    push(value: T) {
      latest = value;
      const wait = last + intervalMs - now();
      if (wait <= 0 && !timer) flush();
      else timer ??= setTimeout(flush, Math.max(0, wait));
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      latest = null;
    },
  };
}
