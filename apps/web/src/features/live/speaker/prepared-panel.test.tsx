import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PreparedText } from '@app/shared';
import { renderScreen } from '../../../test/render-screen';
import { PreparedPanel } from './prepared-panel';

const text: PreparedText = {
  id: 't1', churchId: 'c1', scheduledSermonId: null, title: 'Psalm reading', sourceLanguage: 'en', paragraphCount: 3,
  createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z',
  paragraphs: ['First verse.', 'Second verse.', 'Third verse.'].map((p, i) => ({ id: `p${i}`, position: i, text: p, translations: {} })),
};
// The chosen text is what the panel shows; which one is chosen is the Select's business.
vi.mock('../../../lib/prepared-texts', async (original) => ({
  ...(await original<typeof import('../../../lib/prepared-texts')>()),
  usePreparedTexts: () => ({ data: [text], isLoading: false }),
  usePreparedText: () => ({ data: text, isLoading: false }),
  useDeletePreparedText: () => ({ mutate: vi.fn(), isPending: false }),
}));

describe('prepared text panel', () => {
  it('sends two paragraphs for two quick presses of the clicker, even before the screen redraws', async () => {
    const onSend = vi.fn();
    await renderScreen([{ path: '/', element: <PreparedPanel churchId="c1" isLive onSend={onSend} /> }], '/');
    await screen.findByRole('button', { name: 'Send paragraph 1 of 3' });
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
    });
    expect(onSend.mock.calls.map(([p]) => p)).toEqual(['First verse.', 'Second verse.']);
    expect((await screen.findByRole('button', { name: 'Send paragraph 3 of 3' })).hasAttribute('disabled')).toBe(false);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    });
    // Nothing after the last paragraph, and nothing sent twice.
    expect(onSend.mock.calls.map(([p]) => p)).toEqual(['First verse.', 'Second verse.', 'Third verse.']);
  });
});
