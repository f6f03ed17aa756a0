/**
 * The voice stream decoded by the page itself (decision 049), for a browser whose Media Source
 * refuses MP3 (Firefox): the page fetches the stream, cuts it into its frames, decodes them with
 * WebCodecs and plays them through Web Audio, one after another as they come. What it plays goes
 * into the page's audio element as a live stream, so the element is still what plays: the lock
 * screen shows it and the browser counts the page as playing sound (not a page to throttle).
 *
 * Web Audio cannot change the speed with the pitch kept; a phone behind the live edge catches up
 * instead by leaving out the stream's silent frames (decision 045's smallest frames, which carry
 * no sound) until it holds only a little.
 */
import { FrameReader } from './mp3-frames';

/** How far ahead the first sound after a gap is put: room for the next chunk to come. */
const START_LEAD_S = 0.15;
/** Holding more than this, silent frames are left out: the phone plays its way to the live edge. */
const KEEP_S = 0.3;
/** A silent frame: the format's smallest (8 kbit/s), which carries no audio data. */
const SILENT_KBPS = 8;
/** A sample beyond this (about −60 dBFS) is sound, not the stream's silence. */
const SPEECH_LEVEL = 0.001;
/**
 * What is kept while the context may not sound yet. Firefox lets a context made on the tap sound
 * only once its audio device has opened, 1–2 s later: the opening words come meanwhile and are
 * played once it runs (then caught up in the silences). Past this, the oldest is left out: a context
 * that stays suspended waits for a tap, and words older than this would only be heard late.
 */
const HOLD_WHILE_SUSPENDED_S = 6;

export interface DecodedEvents {
  /** Bytes came: the stream is still filling. */
  onBytes(): void;
  /** The stream cannot be fed (closed, failed): the page opens it again at the live edge. */
  onFailed(): void;
  /** This browser cannot decode MP3 after all: the page falls back to the plain stream. */
  onRefused(): void;
}

export class DecodedVoice {
  private ctx: AudioContext | null = null;
  private out: MediaStreamAudioDestinationNode | null = null;
  /** Context time at which the next decoded sound starts. */
  private next = 0;
  /** Context time at which the last decoded speech (not the stream's silence) ends. */
  private spokenUntil = -Infinity;
  private feed: AbortController | null = null;
  private decoder: AudioDecoder | null = null;
  /** Decoded sound waiting for the context to run, oldest first. */
  private waiting: Array<{ buffer: AudioBuffer; loud: boolean }> = [];
  private waitingS = 0;

  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly events: DecodedEvents,
  ) {}

  /** Opens `url` and plays it as it comes; the element is given the output (call play() on it). */
  open(url: string): void {
    this.close();
    const ctx = (this.ctx ??= this.newContext());
    this.out ??= ctx.createMediaStreamDestination();
    this.audio.srcObject = this.out.stream;
    void ctx.resume();
    const feed = new AbortController();
    this.feed = feed;
    void this.read(url, feed.signal).catch(() => {
      if (!feed.signal.aborted) this.events.onFailed();
    });
  }

  /** A tap: a context made before one starts suspended. */
  resume(): void {
    void this.ctx?.resume();
  }

  close(): void {
    this.feed?.abort();
    this.feed = null;
    this.waiting = [];
    this.waitingS = 0;
    if (this.decoder && this.decoder.state !== 'closed') this.decoder.close();
    this.decoder = null;
  }

  /** Seconds of decoded voice waiting to be heard. */
  ahead(): number {
    return this.ctx ? Math.max(0, this.next - this.ctx.currentTime) + this.waitingS : 0;
  }

  /**
   * Speech was heard in the last half second, or is about to be. The stream's silence between
   * pieces and after the last one is not: a notice of catching up shows only while words play
   * (decision 049), never over the quiet at the end of a sermon.
   */
  get sounding(): boolean {
    return this.ctx !== null && this.feed !== null && this.spokenUntil > this.ctx.currentTime - 0.5;
  }

  private async read(url: string, signal: AbortSignal): Promise<void> {
    const response = await fetch(url, { cache: 'no-store', signal });
    if (!response.ok || !response.body) throw new Error(`voice stream answered ${response.status}`);
    const reader = response.body.getReader();
    const frames = new FrameReader();
    let timestamp = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done || signal.aborted) break;
      this.events.onBytes();
      for (const { header, bytes } of frames.push(value)) {
        const decoder = this.decoder ?? (await this.decoderFor(header.sampleRate, header.mono ? 1 : 2));
        if (!decoder || signal.aborted) return;
        const durationUs = (header.samples / header.sampleRate) * 1e6;
        if (!(header.kbps <= SILENT_KBPS && this.ahead() > KEEP_S)) {
          decoder.decode(new EncodedAudioChunk({ type: 'key', timestamp, duration: durationUs, data: bytes }));
        }
        timestamp += durationUs;
      }
    }
    if (!signal.aborted) this.events.onFailed();
  }

  private async decoderFor(sampleRate: number, numberOfChannels: number): Promise<AudioDecoder | null> {
    const config = { codec: 'mp3', sampleRate, numberOfChannels };
    const { supported } = await AudioDecoder.isConfigSupported(config).catch(() => ({ supported: false }));
    if (!supported) {
      this.events.onRefused();
      return null;
    }
    const decoder = new AudioDecoder({ output: (data) => this.play(data), error: () => this.events.onFailed() });
    decoder.configure(config);
    this.decoder = decoder;
    return decoder;
  }

  private newContext(): AudioContext {
    const ctx = new AudioContext();
    ctx.addEventListener('statechange', () => {
      if (ctx.state !== 'running') return;
      const held = this.waiting.splice(0);
      this.waitingS = 0;
      for (const { buffer, loud } of held) this.schedule(ctx, buffer, loud);
    });
    return ctx;
  }

  private play(data: AudioData): void {
    const ctx = this.ctx;
    if (!ctx || !this.out || !this.feed) {
      data.close();
      return;
    }
    const buffer = ctx.createBuffer(data.numberOfChannels, data.numberOfFrames, data.sampleRate);
    let loud = false;
    for (let ch = 0; ch < data.numberOfChannels; ch++) {
      const samples = buffer.getChannelData(ch);
      data.copyTo(samples, { planeIndex: ch, format: 'f32-planar' });
      loud ||= samples.some((v) => v > SPEECH_LEVEL || v < -SPEECH_LEVEL);
    }
    data.close();
    if (ctx.state !== 'running') {
      // Not yet let sound: kept until it runs (its currentTime stands still meanwhile).
      this.waiting.push({ buffer, loud });
      this.waitingS += buffer.duration;
      while (this.waitingS > HOLD_WHILE_SUSPENDED_S && this.waiting.length > 1) this.waitingS -= this.waiting.shift()!.buffer.duration;
      return;
    }
    this.schedule(ctx, buffer, loud);
  }

  private schedule(ctx: AudioContext, buffer: AudioBuffer, loud: boolean): void {
    if (!this.out) return;
    // Ran dry (or just started): start again a little ahead, so the next chunk is in time.
    if (this.next < ctx.currentTime + 0.02) this.next = ctx.currentTime + START_LEAD_S;
    const node = ctx.createBufferSource();
    node.buffer = buffer;
    node.connect(this.out);
    node.start(this.next);
    this.next += buffer.duration;
    if (loud) this.spokenUntil = this.next;
  }
}

