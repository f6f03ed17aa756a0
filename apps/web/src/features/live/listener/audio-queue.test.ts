import { describe, expect, it, vi } from 'vitest';
import { AudioQueue, MAX_WAITING_CLIPS, SILENT_WAV } from './audio-queue';

/** An audio element that records what it plays; `finish()` ends the current clip. */
function fakeAudio(opts: { block?: boolean } = {}) {
  const target = new EventTarget();
  const played: string[] = [];
  const audio = Object.assign(target, {
    src: '',
    preload: '',
    play: vi.fn(async () => {
      if (opts.block) throw new DOMException('blocked', 'NotAllowedError');
      played.push(audio.src);
    }),
    pause: vi.fn(),
  });
  const finish = () => audio.dispatchEvent(new Event('ended'));
  return { audio: audio as unknown as HTMLAudioElement, played, finish };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('audio queue', () => {
  it('plays clips one after another through the same element', async () => {
    const { audio, played, finish } = fakeAudio();
    const queue = new AudioQueue(audio);
    queue.enqueue('/a.mp3');
    queue.enqueue('/b.mp3');
    await flush();
    expect(played).toEqual(['/a.mp3']);
    finish();
    await flush();
    expect(played).toEqual(['/a.mp3', '/b.mp3']);
  });

  it('unlocks the element with silence inside the tap, then plays what arrived meanwhile', async () => {
    const { audio, played } = fakeAudio();
    const queue = new AudioQueue(audio);
    queue.unlock();
    queue.enqueue('/a.mp3');
    await flush();
    expect(played).toEqual([SILENT_WAV, '/a.mp3']);
  });

  it('skips ahead to the newest clip when it falls behind the speaker', async () => {
    const { audio, played, finish } = fakeAudio();
    const queue = new AudioQueue(audio);
    for (const n of [1, 2, 3, 4, 5]) queue.enqueue(`/${n}.mp3`);
    await flush();
    expect(queue.backlog).toBeLessThanOrEqual(MAX_WAITING_CLIPS);
    finish();
    await flush();
    finish();
    await flush();
    // 2 and 3 were already stale when 4 arrived: never played.
    expect(played).toEqual(['/1.mp3', '/4.mp3', '/5.mp3']);
  });

  it('reports a blocked play once and does not retry it in a loop', async () => {
    const { audio } = fakeAudio({ block: true });
    const onBlocked = vi.fn();
    const queue = new AudioQueue(audio, onBlocked);
    queue.enqueue('/a.mp3');
    queue.enqueue('/b.mp3');
    await flush();
    await flush();
    expect(onBlocked).toHaveBeenCalledTimes(1);
    expect(audio.play).toHaveBeenCalledTimes(1);
    expect(queue.backlog).toBe(0);
  });
});
