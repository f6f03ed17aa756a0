import type { AppContext } from '../../context';
import type { BackupKey } from '../../db/backup/sealed-file';
import { backupKeyOf, secretsKeyOf } from './keys';
import { backupPlaceOf, type BackupPlace } from './place';

export interface Backups {
  place: BackupPlace;
  key: BackupKey;
  secrets: { id: string; fromFile: boolean };
}

const byContext = new WeakMap<AppContext, Promise<Backups>>();

/** The server's backup place and key, made once per app and closed with it. */
export function backupsOf(ctx: AppContext): Promise<Backups> {
  let backups = byContext.get(ctx);
  if (!backups) {
    backups = (async () => {
      const place = await backupPlaceOf(ctx.config);
      ctx.onClose(() => place.close());
      return { place, key: await backupKeyOf(ctx.config), secrets: await secretsKeyOf(ctx.config) };
    })();
    byContext.set(ctx, backups);
  }
  return backups;
}
