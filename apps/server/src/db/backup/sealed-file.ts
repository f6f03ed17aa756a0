import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { open } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * The backup file's encryption (decision 032): AES-256-GCM in chunks, each with its own tag, so a
 * reader authenticates the file piece by piece and never holds more than one chunk, and a restore can
 * check the WHOLE file before it writes anything. This is the STREAM construction (Hoang, Reyhanitabar,
 * Rogaway and Vizár, 2015; what age and Tink use): a chunk's nonce is a random prefix, its number and a
 * flag that marks the last chunk, so chunks cannot be reordered, dropped, or the file cut at a chunk
 * boundary without a tag failing. The header is authenticated with every chunk.
 *
 * File: "STBACKUP" · version (1) · key kind (1) · salt (16) · key check (16) · nonce prefix (7) ·
 * chunk size (4, big-endian) · chunks (ciphertext · 16-byte tag), the last one shorter or empty.
 * The key is derived per file with HKDF-SHA256 from BACKUP_KEY or SECRETS_KEY and the file's salt.
 */
const MAGIC = Buffer.from('STBACKUP', 'ascii');
const VERSION = 1;
export const HEADER_BYTES = MAGIC.length + 1 + 1 + 16 + 16 + 7 + 4;
const TAG_BYTES = 16;
export const CHUNK_BYTES = 1024 * 1024;
const HKDF_INFO = 'sermon-translate backup v1';

/** Which setting the file's key came from: told to a person who gives the wrong one. */
export type BackupKeyKind = 'secrets' | 'backup';
const KIND_CODES: Record<BackupKeyKind, number> = { secrets: 1, backup: 2 };

export interface BackupKey {
  key: Buffer;
  kind: BackupKeyKind;
}

export type SealedFileProblem = 'not_a_backup' | 'unknown_version' | 'wrong_key' | 'truncated' | 'damaged';

/** A file that is not a backup, made with another key, cut short, or changed. */
export class SealedFileError extends Error {
  constructor(readonly problem: SealedFileProblem, message: string, readonly keyKind?: BackupKeyKind) {
    super(message);
  }
}

function deriveKeys(master: Buffer, salt: Buffer) {
  const keys = Buffer.from(hkdfSync('sha256', master, salt, HKDF_INFO, 64));
  const encryption = keys.subarray(0, 32);
  const check = createHmac('sha256', keys.subarray(32)).update('key check').digest().subarray(0, 16);
  return { encryption, check };
}

function nonceOf(prefix: Buffer, index: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, 7);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

/**
 * Encrypts what is written to it into a backup file (header first). Holds back one full chunk, so
 * the chunk that ends the file is the one sealed as last even when the data fills whole chunks.
 */
export class SealingStream extends Transform {
  private readonly header: Buffer;
  private readonly encryption: Buffer;
  private readonly prefix: Buffer;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private index = 0;
  private started = false;

  constructor(key: BackupKey, private readonly chunkBytes = CHUNK_BYTES) {
    super();
    const salt = randomBytes(16);
    const { encryption, check } = deriveKeys(key.key, salt);
    this.encryption = encryption;
    this.prefix = randomBytes(7);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(chunkBytes);
    this.header = Buffer.concat([MAGIC, Buffer.from([VERSION, KIND_CODES[key.kind]]), salt, check, this.prefix, size]);
  }

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (!this.started) {
      this.push(this.header);
      this.started = true;
    }
    this.pending.push(data);
    this.pendingBytes += data.length;
    // Strictly more than a chunk: the last full chunk waits to learn whether it is the last one.
    while (this.pendingBytes > this.chunkBytes) {
      const all = Buffer.concat(this.pending);
      this.push(this.seal(all.subarray(0, this.chunkBytes), false));
      const rest = all.subarray(this.chunkBytes);
      this.pending = [rest];
      this.pendingBytes = rest.length;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (!this.started) this.push(this.header);
    this.push(this.seal(Buffer.concat(this.pending), true));
    this.pending = [];
    done();
  }

  private seal(plain: Buffer, last: boolean): Buffer {
    const cipher = createCipheriv('aes-256-gcm', this.encryption, nonceOf(this.prefix, this.index++, last));
    cipher.setAAD(this.header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }
}

/** Random access to a file's bytes: a local file, or an object in a bucket read by ranges. */
export interface ByteSource {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
}

/** A backup file opened with a key: its header checked, its chunks decrypted one at a time. */
export class SealedReader {
  private constructor(
    private readonly source: ByteSource,
    private readonly header: Buffer,
    private readonly encryption: Buffer,
    private readonly prefix: Buffer,
    private readonly chunkBytes: number,
  ) {}

  /** Which key a file was made with, from its header alone (to name the setting a person must give). */
  static async keyKindOf(source: ByteSource): Promise<BackupKeyKind> {
    const header = await readHeader(source);
    return header[MAGIC.length + 1] === KIND_CODES.backup ? 'backup' : 'secrets';
  }

  /** Checks the header and the key; throws SealedFileError for a file that is not ours or another key. */
  static async open(source: ByteSource, master: Buffer): Promise<SealedReader> {
    const header = await readHeader(source);
    let offset = MAGIC.length + 2;
    const salt = header.subarray(offset, (offset += 16));
    const check = header.subarray(offset, (offset += 16));
    const prefix = header.subarray(offset, (offset += 7));
    const chunkBytes = header.readUInt32BE(offset);
    const kind: BackupKeyKind = header[MAGIC.length + 1] === KIND_CODES.backup ? 'backup' : 'secrets';
    const keys = deriveKeys(master, salt);
    if (!timingSafeEqual(keys.check, check)) {
      throw new SealedFileError('wrong_key', 'it was encrypted with another key', kind);
    }
    if (chunkBytes < 1 || chunkBytes > 64 * 1024 * 1024) throw new SealedFileError('damaged', 'its header is damaged');
    return new SealedReader(source, header, keys.encryption, prefix, chunkBytes);
  }

  get chunkCount(): number {
    const body = this.source.size - HEADER_BYTES;
    return Math.max(1, Math.ceil(body / (this.chunkBytes + TAG_BYTES)));
  }

  /** Chunk `index` decrypted and authenticated. */
  async chunk(index: number): Promise<Buffer> {
    const sealedBytes = this.chunkBytes + TAG_BYTES;
    const position = HEADER_BYTES + index * sealedBytes;
    const last = position + sealedBytes >= this.source.size;
    const sealed = await this.source.read(position, Math.min(sealedBytes, this.source.size - position));
    if (sealed.length < TAG_BYTES) throw new SealedFileError('truncated', 'it was cut short');
    try {
      return this.open(sealed, index, last);
    } catch {
      // A file cut exactly at a chunk boundary ends in a chunk sealed as "not last".
      if (last && sealed.length === sealedBytes && this.opens(sealed, index, false)) {
        throw new SealedFileError('truncated', 'it was cut short');
      }
      throw new SealedFileError('damaged', `it was changed or cut short (chunk ${index + 1} of ${this.chunkCount} does not authenticate)`);
    }
  }

  /** Every chunk in order, each authenticated before it is given out. */
  async *chunks(): AsyncGenerator<Buffer> {
    const count = this.chunkCount;
    for (let i = 0; i < count; i++) yield await this.chunk(i);
  }

  /** Reads the whole file, authenticating every chunk and the end; throws SealedFileError if any fails. */
  async verify(onChunk?: (done: number, of: number) => void): Promise<void> {
    const count = this.chunkCount;
    for (let i = 0; i < count; i++) {
      await this.chunk(i);
      onChunk?.(i + 1, count);
    }
  }

  private open(sealed: Buffer, index: number, last: boolean): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.encryption, nonceOf(this.prefix, index, last));
    decipher.setAAD(this.header);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
  }

  private opens(sealed: Buffer, index: number, last: boolean): boolean {
    try {
      this.open(sealed, index, last);
      return true;
    } catch {
      return false;
    }
  }
}

async function readHeader(source: ByteSource): Promise<Buffer> {
  if (source.size < MAGIC.length) throw new SealedFileError('not_a_backup', 'it is not a Sermon Translate backup');
  const header = await source.read(0, Math.min(HEADER_BYTES, source.size));
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new SealedFileError('not_a_backup', 'it is not a Sermon Translate backup');
  if (header.length < HEADER_BYTES) throw new SealedFileError('truncated', 'it was cut short');
  if (header[MAGIC.length] !== VERSION) throw new SealedFileError('unknown_version', `it is in backup format ${header[MAGIC.length]}, which this version cannot read`);
  return header;
}

/** A local file as a ByteSource; close it when done. */
export async function openFileSource(file: string): Promise<ByteSource & { close(): Promise<void> }> {
  const handle = await open(file, 'r');
  const { size } = await handle.stat();
  return {
    size,
    async read(position, length) {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    },
    close: () => handle.close(),
  };
}

/** A small buffer sealed as a file of its own (the privacy ledger's notes). */
export async function sealBuffer(key: BackupKey, data: Buffer): Promise<Buffer> {
  const parts: Buffer[] = [];
  const sealer = new SealingStream(key);
  sealer.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve, reject) => sealer.once('end', resolve).once('error', reject));
  sealer.end(data);
  await done;
  return Buffer.concat(parts);
}

/** The contents of a buffer sealed by sealBuffer, authenticated; throws SealedFileError otherwise. */
export async function openBuffer(master: Buffer, sealed: Buffer): Promise<Buffer> {
  const source: ByteSource = { size: sealed.length, read: async (position, length) => sealed.subarray(position, position + length) };
  const reader = await SealedReader.open(source, master);
  const parts: Buffer[] = [];
  for await (const chunk of reader.chunks()) parts.push(chunk);
  return Buffer.concat(parts);
}
