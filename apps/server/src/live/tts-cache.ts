import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Synthesised voice clips, made once per (sermon, seq, language, voice) and kept in memory (a small
 * LRU) and on disk under DATA_DIR/tts, so a thousand listeners fetching the same clip cost one
 * synthesis. A request for a clip still being made waits for it instead of starting another.
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
    private readonly dir: string,
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
    const fromDisk = await readFile(this.fileOf(key)).catch(() => null);
    if (fromDisk) {
      this.remember(id, fromDisk);
      return fromDisk;
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
    await rm(path.join(this.dir, sermonId), { recursive: true, force: true });
  }

  private produce(key: ClipKey, make: () => Promise<Buffer>): Promise<Buffer | null> {
    const id = keyOf(key);
    const job = (async () => {
      try {
        const audio = await make();
        this.remember(id, audio);
        await mkdir(path.dirname(this.fileOf(key)), { recursive: true });
        await writeFile(this.fileOf(key), audio);
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

  private fileOf(k: ClipKey): string {
    // Language codes are validated on the way in; still, never let one walk out of the folder.
    const lang = k.language.replace(/[^A-Za-z0-9-]/g, '_');
    return path.join(this.dir, k.sermonId, `${k.seq}-${lang}-${k.voice}.mp3`);
  }
}
