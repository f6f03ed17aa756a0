/**
 * Feeds the voice stream to the listener's audio element through Media Source Extensions, from a
 * dedicated worker (decision 039). Chromium's media loader hands a progressive stream to its
 * decoder in 32 KB blocks, 1.6 s of this stream each, so every word waited for its block; appended
 * here, bytes are playable as they come. A worker, not the page: it goes on appending while the
 * page's scripts are frozen (a locked or backgrounded phone), as a progressive stream would.
 *
 * Messages out: `{ type: 'handle', handle }` once, `{ type: 'quiet', ranges }` as the stream comes
 * (where the page may change the speed unheard, quiet-points.ts), then `{ type: 'ended' }` if the
 * stream cannot be fed (the page opens it again at the live edge). A stream that simply ends ends
 * the element's.
 */
import { QuietFinder, type QuietRange } from './quiet-points';

/** What the player keeps behind the playhead: played audio is removed, or an hour would not fit. */
const KEEP_BEHIND_S = 30;
const TRIM_ABOVE_S = 60;

type Out = { type: 'handle'; handle: MediaSourceHandle } | { type: 'quiet'; ranges: QuietRange[] } | { type: 'ended' };
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ url: string }>) => void) | null;
  postMessage(message: Out, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  scope.onmessage = null;
  void feed(event.data.url).catch(() => scope.postMessage({ type: 'ended' }));
};

async function feed(url: string): Promise<void> {
  const source = new MediaSource();
  // `handle` exists only where MediaSource is made in a worker (this file's scope, not the DOM's types).
  const { handle } = source as MediaSource & { handle: MediaSourceHandle };
  scope.postMessage({ type: 'handle', handle }, [handle]);
  await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
  const buffer = source.addSourceBuffer('audio/mpeg');
  // MP3 carries no timestamps: each append follows the one before.
  buffer.mode = 'sequence';
  const appender = new Appender(buffer);

  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok || !response.body) throw new Error(`voice stream answered ${response.status}`);
  const reader = response.body.getReader();
  const quiet = new QuietFinder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    appender.push(value);
    const ranges = quiet.push(value);
    if (ranges.length > 0) scope.postMessage({ type: 'quiet', ranges });
  }
  // The sermon ended or the connection closed: the element plays what it holds, then says 'ended'.
  await appender.idle();
  if (source.readyState === 'open') source.endOfStream();
}

/** Appends chunks one update at a time (a SourceBuffer takes one at a time), trimming played audio. */
class Appender {
  private pending: Uint8Array[] = [];
  private waiters: Array<() => void> = [];

  constructor(private readonly buffer: SourceBuffer) {
    buffer.addEventListener('updateend', () => this.next());
  }

  push(chunk: Uint8Array): void {
    this.pending.push(chunk);
    this.next();
  }

  idle(): Promise<void> {
    if (!this.buffer.updating && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private next(): void {
    if (this.buffer.updating) return;
    const ranges = this.buffer.buffered;
    if (ranges.length > 0 && ranges.end(ranges.length - 1) - ranges.start(0) > TRIM_ABOVE_S) {
      this.buffer.remove(0, ranges.end(ranges.length - 1) - KEEP_BEHIND_S);
      return;
    }
    if (this.pending.length === 0) {
      for (const resolve of this.waiters.splice(0)) resolve();
      return;
    }
    // Everything that came while the last update ran, in one append.
    const chunks = this.pending.splice(0);
    const joined = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      joined.set(c, at);
      at += c.length;
    }
    try {
      this.buffer.appendBuffer(joined);
    } catch {
      // The element failed or the buffer is full: the page opens the stream again at the live edge.
      scope.postMessage({ type: 'ended' });
    }
  }
}
