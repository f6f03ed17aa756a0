/**
 * The loopback caption ingestion server of bench/livestream.ts, in its own process so the
 * benchmark's CPU figure is the sender's alone. Answers `stats` with what it received.
 */
import { startMockYouTube } from '../apps/server/test/mock-youtube';

const mock = await startMockYouTube({ lenientGap: true });
process.send!({ type: 'ready', url: mock.url });
process.on('message', (msg: { type: string }) => {
  if (msg.type === 'stats') {
    process.send!({
      type: 'stats',
      captions: mock.captions.map((c) => ({ text: c.text, stream: c.stream, receivedAt: c.receivedAt })),
      posts: mock.posts.map((p) => ({ stream: p.stream, at: p.at, status: p.status, seq: p.seq, empty: p.body === '' })),
      violations: mock.violations,
    });
  }
  if (msg.type === 'close') void mock.close().then(() => process.exit(0));
});
