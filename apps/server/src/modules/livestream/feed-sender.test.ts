import { describe, expect, it } from 'vitest';
import type { SettledCaption } from '../../live/captions/settled-captions';
import { defaultCaptionPolicy } from './caption-policy';
import { FeedSender, type SenderDeps } from './feed-sender';
import type { FeedProgress, ProgressStore } from './progress-store';

/** A sender whose store holds `stored` lines (the takeover reads them), posting nowhere. */
function senderWith(stored: Array<{ seq: number; text: string }>): FeedSender {
  const store = {
    renewEveryMs: 5000,
    linesAfter: async (_sermon: string, _language: string, from: number) => stored.filter((l) => l.seq >= from).map((l) => ({ ...l, spokenAt: 1000 })),
  } as unknown as ProgressStore;
  const deps: SenderDeps = { store, policy: defaultCaptionPolicy, timeoutMs: 1000, warn: () => undefined, post: async () => ({ status: 200, body: '' }) };
  return new FeedSender(deps, { id: 'feed', churchId: 'church', kind: 'youtube', language: 'pt', url: 'http://127.0.0.1/x' }, 'sermon');
}

const caption = (seq: number, text: string, final: boolean): SettledCaption =>
  ({ sermonId: 'sermon', churchId: 'church', seq, language: 'pt', text, final, spokenAt: 1000 }) as SettledCaption;

const queued = (s: FeedSender) => s.state.queue.map((c) => c.text).join(' | ');

describe('a caption feed taken over by another process (decision 037)', () => {
  it('posts the rest of a line the last process left mid-line, once its final arrives', async () => {
    const sender = senderWith([{ seq: 1, text: 'Bom dia a todos.' }]);
    // The process before posted line 1 and "Hoje vamos" of line 2 (10 characters), then died.
    const progress: FeedProgress = { seq: 4, lastPost: null, toSeq: 2, toChars: 10 };
    await sender.leased(progress, 2000);
    sender.add(caption(2, 'Hoje vamos ler', false), 2100);
    sender.add(caption(2, 'Hoje vamos ler o salmo 23.', true), 2200);
    sender.add(caption(3, 'Amém.', true), 2300);
    expect(queued(sender)).toBe('ler | o salmo 23. | Amém.');
  });

  it('posts nothing twice when the line the last process left is already stored', async () => {
    const sender = senderWith([{ seq: 2, text: 'Hoje vamos ler o salmo 23.' }]);
    await sender.leased({ seq: 4, lastPost: null, toSeq: 2, toChars: 10 }, 2000);
    sender.add(caption(2, 'Hoje vamos ler o salmo 23.', true), 2200);
    sender.add(caption(3, 'Amém.', true), 2300);
    expect(queued(sender)).toBe('ler o salmo 23. | Amém.');
  });

  it('waits for more than was posted when a shorter partial of the line comes first', async () => {
    const sender = senderWith([]);
    await sender.leased({ seq: 4, lastPost: null, toSeq: 2, toChars: 10 }, 2000);
    sender.add(caption(2, 'Hoje', false), 2100);
    sender.add(caption(2, 'Hoje vamos ler o salmo.', true), 2200);
    expect(queued(sender)).toBe('ler o salmo.');
  });
});
