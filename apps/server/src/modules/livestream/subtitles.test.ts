import { describe, expect, it } from 'vitest';
import { cuesOf, toSrt, toVtt, wrap } from './subtitles';

describe('subtitle cues', () => {
  it('wraps at 42 characters on spaces, and cuts text without spaces', () => {
    const lines = wrap('In the beginning was the Word, and the Word was with God, and the Word was God.');
    expect(lines.every((l) => l.length <= 42)).toBe(true);
    expect(lines.join(' ')).toBe('In the beginning was the Word, and the Word was with God, and the Word was God.');
    expect(wrap('太初有道，道与神同在，道就是神。'.repeat(4)).every((l) => l.length <= 42)).toBe(true);
  });

  it('makes cues of at most two lines, from when the words were said, none longer than 7 s', () => {
    const long = 'This is a much longer sentence that the pastor says slowly, and it goes on for quite a while before it ends with a final word.';
    const cues = cuesOf([{ start: 2000, end: 4000, text: 'Good morning.' }, { start: 5000, end: 20_000, text: long }]);
    expect(cues[0]).toEqual({ start: 2000, end: 4000, lines: ['Good morning.'] });
    expect(cues.slice(1).map((c) => c.lines.length).every((n) => n <= 2)).toBe(true);
    expect(cues[1]!.start).toBe(5000);
    expect(cues.every((c) => c.end - c.start <= 7000 && c.end - c.start >= 1000)).toBe(true);
    expect(cues.slice(1).map((c) => c.lines.join(' ')).join(' ')).toBe(long);
  });

  it('writes WebVTT with dots and SRT with commas, shifted by the offset', () => {
    const cues = cuesOf([{ start: 62_500, end: 65_000, text: 'Amen & <amen>' }]);
    expect(toVtt(cues, 1000)).toBe('WEBVTT\n\n00:01:03.500 --> 00:01:06.000\nAmen &amp; &lt;amen&gt;\n');
    expect(toSrt(cues, 0)).toBe('1\n00:01:02,500 --> 00:01:05,000\nAmen & <amen>\n');
  });
});
