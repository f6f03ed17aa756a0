import { describe, expect, it } from 'vitest';
import { linesOf } from './load';

describe('reading a backup’s rows line by line', () => {
  it('keeps a character whose bytes are split between two chunks whole', async () => {
    const bytes = Buffer.from('要爱你的邻舍\nمرحبا 🙏\n', 'utf8');
    // Every split point, the ones inside a character included.
    for (let at = 1; at < bytes.length; at++) {
      async function* chunks() {
        yield bytes.subarray(0, at);
        yield bytes.subarray(at);
      }
      const lines: string[] = [];
      for await (const line of linesOf(chunks())) lines.push(line);
      expect(lines).toEqual(['要爱你的邻舍', 'مرحبا 🙏']);
    }
  });
});
