/**
 * A slice of bench:voice's listeners, in its own process: each joins with the female voice and
 * reads its language's MP3 stream continuously, as a phone does, until told to stop; it reports how
 * many joined, how many streams the server ended early, and the bytes read. Started by bench/voice.ts.
 */
import { close, tuneIn, type Tuned } from './voice-ears';

interface Start {
  type: 'start';
  urls: string[];
  ids: { broadcastId: string; sermonId: string };
  /** One language per listener; listener i (offset + i in the whole run) uses server i mod N. */
  languages: string[];
  offset: number;
}
type ParentMessage = Start | { type: 'stop' };

const send = (msg: object) => process.send?.(msg);
const tuned: Tuned[] = [];
const BATCH = 50;

process.on('message', async (msg: ParentMessage) => {
  if (msg.type === 'start') {
    let failed = 0;
    for (let i = 0; i < msg.languages.length; i += BATCH) {
      const batch = msg.languages.slice(i, i + BATCH).map((language, j) => tuneIn(msg.urls[(msg.offset + i + j) % msg.urls.length]!, msg.ids, language));
      for (const result of await Promise.allSettled(batch)) {
        if (result.status === 'fulfilled') tuned.push(result.value);
        else failed++;
      }
    }
    send({ type: 'ready', connected: tuned.length, failed });
  } else if (msg.type === 'stop') {
    const endedEarly = tuned.filter((t) => t.endedEarly).length;
    const bytes = tuned.reduce((n, t) => n + t.bytes, 0);
    await Promise.all(tuned.map(close));
    send({ type: 'stopped', endedEarly, bytes });
    process.exit(0);
  }
});

send({ type: 'spawned' });
