import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** AES-256-GCM for secrets at rest (church keys, payroll data). Format: v1.<iv>.<tag>.<ciphertext>, base64url. */
export class SecretBox {
  private readonly macKeys = new Map<string, Buffer>();

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes');
  }

  /**
   * A keyed digest of `value` (HMAC-SHA-256, cut to `bytes`, base64url) under a key of its own for
   * `purpose`, derived from SECRETS_KEY: what the server signs (a listener's device, decision 048)
   * is checked on every process that shares the key, and no purpose's digest stands for another's.
   */
  mac(purpose: string, value: string, bytes = 16): string {
    let key = this.macKeys.get(purpose);
    if (!key) this.macKeys.set(purpose, (key = Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `mac:${purpose}`, 32))));
    return createHmac('sha256', key).update(value).digest().subarray(0, bytes).toString('base64url');
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  decrypt(box: string): string {
    const [version, iv, tag, data] = box.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /**
   * The plain text, or null when there is none or it no longer decrypts (stored under another
   * SECRETS_KEY): callers treat such a secret as unset rather than fail.
   */
  decryptOrNull(box: string | null): string | null {
    if (!box) return null;
    try {
      return this.decrypt(box);
    } catch {
      return null;
    }
  }
}

/** Secrets are shown masked: only the last 4 characters (ARCHITECTURE.md section 6). */
export function maskSecret(plain: string | null | undefined): string | null {
  if (!plain) return null;
  return `••••${plain.slice(-4)}`;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function parseKey(value: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
}

/** In development a key is generated once into DATA_DIR (mode 0600) so secrets survive restarts. */
export async function loadOrCreateKey(dataDir: string, configured?: string): Promise<Buffer> {
  if (configured) return parseKey(configured);
  const file = path.join(dataDir, 'secrets.key');
  try {
    return parseKey((await readFile(file, 'utf8')).trim());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  await writeFile(file, key.toString('hex'), { mode: 0o600, flag: 'wx' }).catch(async (err) => {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  });
  await chmod(file, 0o600);
  return parseKey((await readFile(file, 'utf8')).trim());
}
