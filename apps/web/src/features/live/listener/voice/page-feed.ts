import { feedSource, type FeedContainer, type FeedEvents } from './mse-feed';

/**
 * Media Source fed by the page itself (decision 049): Managed Media Source where there is one
 * (Safari 17.1+, WebKitGTK), plain Media Source otherwise, given MP3 or, where it takes MP3 only in
 * MP4 (Firefox), the same frames in MP4 fragments. The element is given the source and
 * buffers what is appended, so the pacer sees what it holds (WebKit's loader shows it nothing).
 */
export function feedOnPage(audio: HTMLAudioElement, managed: boolean, url: string, events: FeedEvents, container: FeedContainer = 'mp3'): () => void {
  const g = globalThis as unknown as { ManagedMediaSource: typeof MediaSource };
  const source = managed ? new g.ManagedMediaSource() : new MediaSource();
  // Managed Media Source plays only where AirPlay is turned off or given a plain source of its own.
  audio.disableRemotePlayback = true;
  const objectUrl = URL.createObjectURL(source);
  audio.src = objectUrl;
  const abort = new AbortController();
  void feedSource(source, url, events, abort.signal, container).catch(() => {
    if (!abort.signal.aborted) events.onFailed();
  });
  return () => {
    abort.abort();
    URL.revokeObjectURL(objectUrl);
  };
}
