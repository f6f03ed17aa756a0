/**
 * Feeds the voice stream to the listener's audio element through Media Source Extensions, from a
 * dedicated worker (decision 039). Chromium's media loader hands a progressive stream to its
 * decoder in 32 KB blocks, 1.6 s of this stream each, so every word waited for its block; appended
 * here, bytes are playable as they come. A worker, not the page: it goes on appending while the
 * page's scripts are frozen (a locked or backgrounded phone), as a progressive stream would.
 *
 * Messages out: `{ type: 'handle', handle }` once, `{ type: 'bytes', ranges }` as the stream comes
 * (it is still filling; where the page may change the speed unheard, quiet-points.ts), then
 * `{ type: 'ended' }` if the stream cannot be fed (the page opens it again at the live edge).
 */
import { feedSource } from './mse-feed';
import type { QuietRange } from './quiet-points';

type Out = { type: 'handle'; handle: MediaSourceHandle } | { type: 'bytes'; ranges: QuietRange[] } | { type: 'ended' };
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ url: string }>) => void) | null;
  postMessage(message: Out, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  scope.onmessage = null;
  const source = new MediaSource();
  // `handle` exists only where MediaSource is made in a worker (this file's scope, not the DOM's types).
  const { handle } = source as MediaSource & { handle: MediaSourceHandle };
  scope.postMessage({ type: 'handle', handle }, [handle]);
  const ended = () => scope.postMessage({ type: 'ended' });
  void feedSource(source, event.data.url, { onBytes: (ranges) => scope.postMessage({ type: 'bytes', ranges }), onFailed: ended }).catch(ended);
};
