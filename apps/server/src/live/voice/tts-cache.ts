import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../../providers/storage/blob-store';

/**
 * Synthesised voice clips, made once per (sermon, seq, language, voice) and kept in memory (a small
 * LRU) and in the shared blob store (decision 006), so a thousand listeners fetching the same clip cost
 * one synthesis, whichever process their phone reaches. A request for a clip still being made here
 * waits for it instead of starting another.
 */

export type VoiceGender = 'male' | 'female';

export interface ClipKey {
  sermonId: string;
  seq: number;
  language: string;
  voice: VoiceGender;
}

const keyOf = (k: ClipKey) => `${k.sermonId}/${k.seq}/${k.language}/${k.voice}`;

export class TtsCache {
  private readonly memory = new Map<string, Buffer>();
  private memoryBytes = 0;
  private readonly making = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly log: FastifyBaseLogger,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** Starts making the clip unless it exists or is being made. */
  ensure(key: ClipKey, make: () => Promise<Buffer>): void {
    const id = keyOf(key);
    if (this.memory.has(id) || this.making.has(id)) return;
    void this.produce(key, make);
  }

  /** The clip: from memory, a synthesis in progress, disk, or (when given) made now. */
  async get(key: ClipKey, make?: () => Promise<Buffer>): Promise<Buffer | null> {
    const id = keyOf(key);
    const hit = this.memory.get(id);
    if (hit) {
      // Re-insert: Map order is the LRU order.
      this.memory.delete(id);
      this.memory.set(id, hit);
      return hit;
    }
    const inProgress = this.making.get(id);
    if (inProgress) return inProgress;
    const stored = await this.blobs.get(this.blobKey(key)).catch(() => null);
    if (stored) {
      this.remember(id, stored.data);
      return stored.data;
    }
    return make ? this.produce(key, make) : null;
  }

  has(key: ClipKey): boolean {
    const id = keyOf(key);
    return this.memory.has(id) || this.making.has(id);
  }

  /** Forgets a deleted sermon's clips. */
  async dropSermon(sermonId: string): Promise<void> {
    for (const id of [...this.memory.keys()]) {
      if (id.startsWith(`${sermonId}/`)) {
        this.memoryBytes -= this.memory.get(id)!.length;
        this.memory.delete(id);
      }
    }
    await this.blobs.removeAll(`tts/${sermonId}/`);
  }

  private produce(key: ClipKey, make: () => Promise<Buffer>): Promise<Buffer | null> {
    const id = keyOf(key);
    const job = (async () => {
      try {
        const audio = await make();
        this.remember(id, audio);
        await this.blobs.put(this.blobKey(key), { data: audio, contentType: 'audio/mpeg' });
        return audio;
      } catch (err) {
        this.log.warn({ err, clip: id }, 'speech synthesis failed');
        return null;
      } finally {
        this.making.delete(id);
      }
    })();
    this.making.set(id, job);
    return job;
  }

  private remember(id: string, audio: Buffer): void {
    if (this.memory.has(id)) return;
    this.memory.set(id, audio);
    this.memoryBytes += audio.length;
    for (const [oldest, clip] of this.memory) {
      if (this.memoryBytes <= this.maxBytes) break;
      this.memory.delete(oldest);
      this.memoryBytes -= clip.length;
    }
  }

  private blobKey(k: ClipKey): string {
    // Language codes are validated on the way in; still, keep keys to a known alphabet.
    const lang = k.language.replace(/[^A-Za-z0-9-]/g, '_');
    return `tts/${k.sermonId}/${k.seq}-${lang}-${k.voice}.mp3`;
  }
}
