import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { loadOrCreateKey, parseKey } from '../../lib/crypto';
import type { BackupKey } from '../../db/backup/sealed-file';

/**
 * The key backups are encrypted with (decision 032): BACKUP_KEY when set, so that whoever holds the
 * backups need not hold SECRETS_KEY, else SECRETS_KEY (or the key generated into DATA_DIR when it is unset).
 */
export async function backupKeyOf(config: Config): Promise<BackupKey> {
  if (config.BACKUP_KEY) return { key: parseKey(config.BACKUP_KEY), kind: 'backup' };
  return { key: await loadOrCreateKey(config.DATA_DIR, config.SECRETS_KEY), kind: 'secrets' };
}

/** A short fingerprint of a key: tells whether two are the same without revealing either. */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('sermon-translate key fingerprint').digest('hex').slice(0, 16);
}

/** The SECRETS_KEY the database's encrypted columns are under, as a fingerprint, and whether it was generated into DATA_DIR. */
export async function secretsKeyOf(config: Config): Promise<{ id: string; fromFile: boolean }> {
  const key = await loadOrCreateKey(config.DATA_DIR, config.SECRETS_KEY);
  return { id: keyFingerprint(key), fromFile: !config.SECRETS_KEY };
}
