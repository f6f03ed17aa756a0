import { useEffect, useRef, useState } from 'react';
import type { OverlayAnswer, OverlayStyle } from '@app/shared';
import { OverlayCaptions } from '../../../components/overlay-captions';
import { api } from '../../../lib/api-client';

/** How often the overlay asks: a caption appears within about a second of its final. */
const POLL_MS = 1000;

/**
 * `/overlay/:token`: a church's captions for an OBS browser source (decision 037). Transparent,
 * nothing but the newest caption per language while a sermon is live; it turns live by itself
 * when one starts. It asks over plain HTTP each second, so an OBS scene change (or a source hidden
 * and shown again) loses nothing: the next answer carries the newest lines.
 */
export function OverlayPage({ token }: { token: string }) {
  const [style, setStyle] = useState<OverlayStyle | null>(null);
  const [lines, setLines] = useState<Record<string, { seq: number; text: string }>>({});
  const sermon = useRef<string | null>(null);
  const after = useRef(0);

  useEffect(() => {
    // OBS composites the page over the video: nothing of the app's own background may show.
    const html = document.documentElement.style.background;
    const body = document.body.style.background;
    document.documentElement.style.background = 'transparent';
    document.body.style.background = 'transparent';
    return () => {
      document.documentElement.style.background = html;
      document.body.style.background = body;
    };
  }, []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await api<OverlayAnswer>(`/overlay/${encodeURIComponent(token)}?after=${after.current}`);
        if (stopped) return;
        setStyle(answer.style);
        if (answer.sermonId !== sermon.current) {
          // A new sermon numbers its lines from 1 again.
          sermon.current = answer.sermonId;
          after.current = 0;
          setLines({});
        }
        if (answer.captions.length > 0) {
          after.current = Math.max(after.current, ...answer.captions.map((c) => c.seq));
          setLines((old) => {
            const next = { ...old };
            for (const c of answer.captions) if ((next[c.language]?.seq ?? 0) <= c.seq) next[c.language] = { seq: c.seq, text: c.text };
            return next;
          });
        }
      } catch {
        // A renewed link (404) or a network blip: the page keeps asking, showing nothing new.
      }
      if (!stopped) timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token]);

  if (!style) return null;
  return (
    <div data-testid="overlay" style={{ position: 'fixed', inset: 0, overflow: 'hidden', background: 'transparent' }}>
      <OverlayCaptions style={style} lines={style.languages.map((language) => ({ language, text: lines[language]?.text ?? '' }))} scale={window.innerHeight / 1080} />
    </div>
  );
}
