/**
 * Subtitle files of an ended sermon (decision 037). Pure: lines with when they were said in,
 * WebVTT or SRT out. Subtitle guidance (docs SPEECH-AND-TRANSLATION.md): a cue of at most two
 * lines of about 42 characters, on screen 1–7 s; a cue per sentence, split when it is longer.
 */

export interface TimedLine {
  /** Milliseconds from the sermon's start to when the line's words began. */
  start: number;
  /** When the line was over (its final), same clock; the next line's start caps it. */
  end: number;
  text: string;
}

export interface Cue {
  start: number;
  end: number;
  lines: string[];
}

export const SUBTITLE_LINE_CHARS = 42;
const MIN_CUE_MS = 1000;
const MAX_CUE_MS = 7000;
/** A line typed or stored at once has no length in time: reading speed gives it one. */
const MS_PER_CHAR = 60;

/** Text broken into lines of at most `width` characters, at spaces where there are any. */
export function wrap(text: string, width = SUBTITLE_LINE_CHARS): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    for (let w = word; w.length > 0;) {
      const room = line ? width - line.length - 1 : width;
      if (w.length <= room) {
        line = line ? `${line} ${w}` : w;
        w = '';
      } else if (line && w.length <= width) {
        lines.push(line);
        line = '';
      } else {
        // A word longer than a line (or a language written without spaces): cut where the line ends.
        const cut = Math.max(1, room);
        line = line ? `${line} ${w.slice(0, cut)}` : w.slice(0, cut);
        lines.push(line);
        line = '';
        w = w.slice(cut);
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Cues of the lines: each line's wrapped text two lines a cue, its time shared by length. */
export function cuesOf(lines: readonly TimedLine[]): Cue[] {
  const cues: Cue[] = [];
  lines.forEach((line, i) => {
    const text = line.text.trim();
    if (!text) return;
    const next = lines[i + 1]?.start ?? Infinity;
    const spoken = line.end > line.start + MIN_CUE_MS ? line.end : line.start + text.length * MS_PER_CHAR;
    const end = Math.max(line.start + MIN_CUE_MS, Math.min(spoken, next));
    const wrapped = wrap(text);
    const pieces: string[][] = [];
    for (let k = 0; k < wrapped.length; k += 2) pieces.push(wrapped.slice(k, k + 2));
    const total = pieces.reduce((n, p) => n + p.join(' ').length, 0);
    let at = line.start;
    for (const piece of pieces) {
      const share = ((end - line.start) * piece.join(' ').length) / total;
      const until = Math.min(at + Math.max(MIN_CUE_MS, share), at + MAX_CUE_MS);
      cues.push({ start: Math.round(at), end: Math.round(until), lines: piece });
      at += share;
    }
  });
  return cues;
}

function clock(ms: number, separator: '.' | ','): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor(t / 60_000) % 60;
  const s = Math.floor(t / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(t % 1000, 3)}`;
}

/** WebVTT: cue text never holds "-->" or a blank line (both end a cue), nor unescaped markup. */
export function toVtt(cues: readonly Cue[], offsetMs = 0): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = shifted(cues, offsetMs).map((c) => `${clock(c.start, '.')} --> ${clock(c.end, '.')}\n${c.lines.map(esc).join('\n')}\n`);
  return `WEBVTT\n\n${body.join('\n')}`;
}

export function toSrt(cues: readonly Cue[], offsetMs = 0): string {
  return shifted(cues, offsetMs).map((c, i) => `${i + 1}\n${clock(c.start, ',')} --> ${clock(c.end, ',')}\n${c.lines.join('\n')}\n`).join('\n');
}

/** The recording started `offsetMs` before the sermon: every cue later by that; none before 0. */
function shifted(cues: readonly Cue[], offsetMs: number): Cue[] {
  return cues.map((c) => ({ ...c, start: c.start + offsetMs, end: c.end + offsetMs })).filter((c) => c.end > 0);
}
