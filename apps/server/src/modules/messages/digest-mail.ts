import type { LocalizedText } from '../../providers/email/localized';

interface DigestArgs {
  firstName: string;
  count: number;
  conversations: string[];
  link: string;
}

const list = (names: string[]) => names.map((n) => `- ${n}`).join('\n');

/** Unread church messages, mailed once per person (decision record 022); no message text, only where. */
export const messageDigestMail: LocalizedText<DigestArgs> = {
  en: (a) => ({
    subject: a.count === 1 ? 'You have 1 unread message' : `You have ${a.count} unread messages`,
    text: `Hello ${a.firstName},\n\n${a.count === 1 ? 'A message is' : `${a.count} messages are`} waiting for you in:\n${list(a.conversations)}\n\nRead and answer them here: ${a.link}\n\nYou can stop these emails in Manage Profile.`,
  }),
  pt: (a) => ({
    subject: a.count === 1 ? 'Você tem 1 mensagem não lida' : `Você tem ${a.count} mensagens não lidas`,
    text: `Olá ${a.firstName},\n\n${a.count === 1 ? 'Uma mensagem espera' : `${a.count} mensagens esperam`} por você em:\n${list(a.conversations)}\n\nLeia e responda aqui: ${a.link}\n\nVocê pode desativar estes e-mails em Gerenciar perfil.`,
  }),
  es: (a) => ({
    subject: a.count === 1 ? 'Tienes 1 mensaje sin leer' : `Tienes ${a.count} mensajes sin leer`,
    text: `Hola ${a.firstName},\n\n${a.count === 1 ? 'Un mensaje te espera' : `${a.count} mensajes te esperan`} en:\n${list(a.conversations)}\n\nLéelos y respóndelos aquí: ${a.link}\n\nPuedes desactivar estos correos en Administrar perfil.`,
  }),
  id: (a) => ({
    subject: `Anda memiliki ${a.count} pesan yang belum dibaca`,
    text: `Halo ${a.firstName},\n\n${a.count} pesan menunggu Anda di:\n${list(a.conversations)}\n\nBaca dan balas di sini: ${a.link}\n\nAnda dapat menghentikan email ini di Kelola Profil.`,
  }),
  zh: (a) => ({
    subject: `你有 ${a.count} 条未读消息`,
    text: `${a.firstName}，你好：\n\n你有 ${a.count} 条消息尚未阅读，来自：\n${list(a.conversations)}\n\n点击此处阅读并回复：${a.link}\n\n你可以在"管理个人资料"中关闭这些邮件。`,
  }),
};
