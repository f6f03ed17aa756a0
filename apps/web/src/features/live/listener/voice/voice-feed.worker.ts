/**
 * Feeds the voice stream to the listener's audio element through Media Source Extensions, from a
 * dedicated worker (decision 039). Chromium's media loader hands a progressive stream to its
 * decoder in 32 KB blocks, 1.6 s of this stream each, so every word waited for its block; appended
 * here, bytes are playable as they come. A worker, not the page: it goes on appending while the
 * page's scripts are frozen (a locked or backgrounded phone), as a progressive stream would, and
 * keeps the element from running dry there (silence-bridge.ts, decision 065).
 *
 * Messages in: `{ type: 'open', url }` once; `{ type: 'hidden', playhead }` when the page is hidden
 * and while it stays so, `{ type: 'shown', playhead }` while it is shown (decision 067).
 * Messages out: `{ type: 'handle', handle }` once, `{ type: 'bytes', ranges, bridged, speech }` as the
 * stream comes (it is still filling; where the page may change the speed unheard, quiet-points.ts),
 * then `{ type: 'ended' }` if the stream cannot be fed (the page opens it again at the live edge).
 */
import { feedSource } from './mse-feed';
import type { QuietRange } from './quiet-points';
import { SilenceBridge, type Playhead } from './silence-bridge';

export type FeedIn = { type: 'open'; url: string } | { type: 'hidden'; playhead: Playhead } | { type: 'shown'; playhead: Playhead };
export type FeedOut = { type: 'handle'; handle: MediaSourceHandle } | { type: 'bytes'; ranges: QuietRange[]; bridged: boolean; speech?: boolean } | { type: 'ended' };
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<FeedIn>) => void) | null;
  postMessage(message: FeedOut, transfer?: Transferable[]): void;
};

const bridge = new SilenceBridge();
let opened = false;

scope.onmessage = ({ data }) => {
  if (data.type === 'hidden') return bridge.anchor(data.playhead);
  if (data.type === 'shown') return bridge.follow(data.playhead);
  if (opened) return;
  opened = true;
  const source = new MediaSource();
  // `handle` exists only where MediaSource is made in a worker (this file's scope, not the DOM's types).
  const { handle } = source as MediaSource & { handle: MediaSourceHandle };
  scope.postMessage({ type: 'handle', handle }, [handle]);
  const ended = () => scope.postMessage({ type: 'ended' });
  const onBytes = (ranges: QuietRange[], bridged = false, speech = true) => scope.postMessage({ type: 'bytes', ranges, bridged, speech });
  void feedSource(source, data.url, { onBytes, onFailed: ended }, undefined, 'mp3', bridge).catch(ended);
};
