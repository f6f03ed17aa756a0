/**
 * The lock screen's view of the voice (Media Session API, iOS 15+ and Chrome on Android): the
 * church, the sermon and the language, with play and pause. Where the API is missing, nothing.
 */
export function showOnLockScreen(info: { title: string; church: string; language: string }, actions: { play(): void; pause(): void }): () => void {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return () => undefined;
  const session = navigator.mediaSession;
  session.metadata = new MediaMetadata({ title: info.title, artist: info.church, album: info.language });
  session.setActionHandler('play', actions.play);
  session.setActionHandler('pause', actions.pause);
  session.playbackState = 'playing';
  return () => {
    session.setActionHandler('play', null);
    session.setActionHandler('pause', null);
    session.metadata = null;
    session.playbackState = 'none';
  };
}

export function setLockScreenState(state: 'playing' | 'paused'): void {
  if (typeof navigator !== 'undefined' && 'mediaSession' in navigator) navigator.mediaSession.playbackState = state;
}
