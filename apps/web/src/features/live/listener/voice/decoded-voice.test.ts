import { afterEach, describe, expect, it, vi } from 'vitest';
import { DecodedVoice } from './decoded-voice';

/** An MPEG-2 Layer III frame at 24 kHz, mono, 32 kbit/s (speech): 96 bytes, 24 ms. */
function frame(): Uint8Array {
  const f = new Uint8Array(96);
  f.set([0xff, 0xf3, 0x44, 0xc4]);
  return f;
}

/** A context as a browser makes one: suspended until it may sound, its clock standing still meanwhile. */
class FakeContext extends EventTarget {
  state: AudioContextState = 'suspended';
  currentTime = 0;
  readonly started: Array<{ at: number; level: number }> = [];
  resume() {
    return Promise.resolve();
  }
  createMediaStreamDestination() {
    return { stream: {} };
  }
  createBuffer(_channels: number, length: number, rate: number) {
    const data = new Float32Array(length);
    return { duration: length / rate, getChannelData: () => data };
  }
  createBufferSource() {
    const started = this.started;
    const node = { buffer: null as null | { getChannelData(): Float32Array }, connect: () => undefined, start: (at: number) => started.push({ at, level: node.buffer!.getChannelData()[0]! }) };
    return node;
  }
  run() {
    this.state = 'running';
    this.dispatchEvent(new Event('statechange'));
  }
}

let context: FakeContext;
let decoded = 0;

function browser(frames: number) {
  context = new FakeContext();
  vi.stubGlobal('AudioContext', function AudioContext() {
    return context;
  });
  // Each frame decodes to 576 samples whose level says which frame it was (1, 2, 3…).
  vi.stubGlobal('AudioDecoder', class {
    static isConfigSupported = () => Promise.resolve({ supported: true });
    state = 'configured';
    constructor(private readonly init: { output(data: unknown): void }) {}
    configure() {}
    close() {}
    decode() {
      const level = ++decoded;
      this.init.output({ numberOfChannels: 1, numberOfFrames: 576, sampleRate: 24000, copyTo: (into: Float32Array) => into.fill(level), close: () => undefined });
    }
  });
  vi.stubGlobal('EncodedAudioChunk', class {});
  const body = new Uint8Array(96 * frames);
  for (let i = 0; i < frames; i++) body.set(frame(), i * 96);
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(body)));
}

afterEach(() => {
  decoded = 0;
  vi.unstubAllGlobals();
});

describe('the voice decoded by the page itself', () => {
  it('keeps what comes before its context may sound, and plays it in order once it runs', async () => {
    browser(5);
    const voice = new DecodedVoice(document.createElement('audio'), { onBytes: () => undefined, onFailed: () => undefined, onRefused: () => undefined });
    voice.open('/v.mp3');
    await vi.waitFor(() => expect(decoded).toBe(5));
    // Suspended (a phone's audio output still opening): nothing started, all of it waiting.
    expect(context.started).toEqual([]);
    expect(voice.ahead()).toBeCloseTo(5 * 0.024, 3);
    context.run();
    // The opening words are not lost: every frame, in order, one right after the other.
    expect(context.started.map((s) => s.level)).toEqual([1, 2, 3, 4, 5]);
    const at = context.started.map((s) => s.at);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeCloseTo(0.024, 6);
    voice.close();
  });
});
