import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '@app/shared';
import { previewJson } from './service';

const previewOf = (n: number): ImportPreview => ({
  headers: ['First Name', 'Email'],
  counts: { new: n, update: 0, unchanged: 0, refused: 0, warnings: 0 },
  rows: Array.from({ length: n }, (_, i) => ({ row: i + 2, outcome: 'new' as const, name: `Maria "${i}"`, email: `m${i}@example.com`, changes: [], reasons: [], warnings: [] })),
});

describe('preview as JSON text', () => {
  it('is the same JSON as the preview in one piece, across pieces and with no rows', async () => {
    for (const n of [0, 1, 500, 1201]) {
      const text = await previewJson(previewOf(n));
      expect(text).toBe(JSON.stringify(previewOf(n)));
    }
  });
});
