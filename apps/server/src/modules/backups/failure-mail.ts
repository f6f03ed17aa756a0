import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { LocalizedText } from '../../providers/email/localized';
import { formatDate, mailPerson } from '../deletion-requests/notify';
import { publicUrlOf } from '../users/invitations';

interface FailureArgs {
  firstName: string;
  day: string;
  error: string;
  link: string;
}

/** The scheduled backup failed: every platform administrator is told, in their language (decision 032). */
export const backupFailedMail: LocalizedText<FailureArgs> = {
  en: (a) => ({
    subject: 'The nightly backup failed',
    text: `Hello ${a.firstName},\n\nThe scheduled backup of ${a.day} failed:\n\n${a.error}\n\nUntil a backup succeeds, the newest good backup is older than a day. Open the Backups screen to see the backups and to back up now: ${a.link}`,
  }),
  pt: (a) => ({
    subject: 'O backup noturno falhou',
    text: `Olá ${a.firstName},\n\nO backup programado de ${a.day} falhou:\n\n${a.error}\n\nAté que um backup dê certo, o backup válido mais recente tem mais de um dia. Abra a tela Backups para ver os backups e fazer um backup agora: ${a.link}`,
  }),
  es: (a) => ({
    subject: 'La copia de seguridad nocturna falló',
    text: `Hola ${a.firstName},\n\nLa copia de seguridad programada del ${a.day} falló:\n\n${a.error}\n\nHasta que una copia salga bien, la copia válida más reciente tiene más de un día. Abre la pantalla Copias de seguridad para verlas y hacer una copia ahora: ${a.link}`,
  }),
  id: (a) => ({
    subject: 'Cadangan malam ini gagal',
    text: `Halo ${a.firstName},\n\nCadangan terjadwal tanggal ${a.day} gagal:\n\n${a.error}\n\nSampai ada cadangan yang berhasil, cadangan baik terbaru berumur lebih dari sehari. Buka layar Cadangan untuk melihat cadangan dan membuat cadangan sekarang: ${a.link}`,
  }),
  zh: (a) => ({
    subject: '夜间备份失败',
    text: `${a.firstName}，您好：\n\n${a.day} 的定时备份失败：\n\n${a.error}\n\n在备份成功之前，最新的有效备份已超过一天。请打开“备份”页面查看备份并立即备份：${a.link}`,
  }),
};

/** Mails every active platform administrator that a scheduled backup failed. */
export async function mailBackupFailure(ctx: AppContext, at: Date, error: string): Promise<void> {
  const admins = await ctx.db
    .select({ email: users.email, firstName: users.firstName, primaryLanguage: users.primaryLanguage })
    .from(users)
    .where(and(eq(users.role, 'platform_admin'), eq(users.accountStatus, 'active')));
  const link = `${publicUrlOf(ctx).replace(/\/$/, '')}/backups`;
  for (const admin of admins) {
    await mailPerson(ctx, admin, backupFailedMail, (lang) => ({ firstName: admin.firstName, day: formatDate(at, lang), error, link }));
  }
}
