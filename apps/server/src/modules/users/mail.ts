import type { LocalizedText } from '../../providers/email/localized';

interface AccountMailArgs {
  firstName: string;
  churchName: string;
  signInUrl: string;
  /** The set-your-password link; absent when an admin set the password. */
  inviteUrl?: string;
  days: number;
}

/** Mail to a person an admin or staff member added, in the person's language. */
export const accountCreatedMail: LocalizedText<AccountMailArgs> = {
  en: (a) => ({
    subject: `Your ${a.churchName} account`,
    text: a.inviteUrl
      ? `Hello ${a.firstName},\n\nAn account has been created for you at ${a.churchName}. Choose your password here (the link works for ${a.days} days):\n${a.inviteUrl}\n\nIf you did not expect this, you can ignore this message.`
      : `Hello ${a.firstName},\n\nAn account has been created for you at ${a.churchName}. Ask the person who added you for your password, then sign in at:\n${a.signInUrl}\n\nYou can change your password on your profile page.`,
  }),
  pt: (a) => ({
    subject: `Sua conta em ${a.churchName}`,
    text: a.inviteUrl
      ? `Olá ${a.firstName},\n\nUma conta foi criada para você em ${a.churchName}. Escolha sua senha aqui (o link vale por ${a.days} dias):\n${a.inviteUrl}\n\nSe você não esperava esta mensagem, pode ignorá-la.`
      : `Olá ${a.firstName},\n\nUma conta foi criada para você em ${a.churchName}. Peça sua senha a quem cadastrou você e entre em:\n${a.signInUrl}\n\nVocê pode trocar a senha na página do seu perfil.`,
  }),
  es: (a) => ({
    subject: `Tu cuenta en ${a.churchName}`,
    text: a.inviteUrl
      ? `Hola ${a.firstName},\n\nSe ha creado una cuenta para ti en ${a.churchName}. Elige tu contraseña aquí (el enlace vale ${a.days} días):\n${a.inviteUrl}\n\nSi no esperabas este mensaje, puedes ignorarlo.`
      : `Hola ${a.firstName},\n\nSe ha creado una cuenta para ti en ${a.churchName}. Pide tu contraseña a quien te registró e inicia sesión en:\n${a.signInUrl}\n\nPuedes cambiar tu contraseña en tu perfil.`,
  }),
  id: (a) => ({
    subject: `Akun Anda di ${a.churchName}`,
    text: a.inviteUrl
      ? `Halo ${a.firstName},\n\nSebuah akun telah dibuat untuk Anda di ${a.churchName}. Pilih kata sandi Anda di sini (tautan berlaku ${a.days} hari):\n${a.inviteUrl}\n\nJika Anda tidak mengharapkan pesan ini, abaikan saja.`
      : `Halo ${a.firstName},\n\nSebuah akun telah dibuat untuk Anda di ${a.churchName}. Tanyakan kata sandi kepada orang yang mendaftarkan Anda, lalu masuk di:\n${a.signInUrl}\n\nAnda dapat mengganti kata sandi di halaman profil.`,
  }),
  zh: (a) => ({
    subject: `您在${a.churchName}的账户`,
    text: a.inviteUrl
      ? `${a.firstName}，您好：\n\n${a.churchName}已为您创建账户。请在此设置您的密码（链接 ${a.days} 天内有效）：\n${a.inviteUrl}\n\n如果您没有预料到此邮件，请忽略。`
      : `${a.firstName}，您好：\n\n${a.churchName}已为您创建账户。请向为您登记的人索取密码，然后在此登录：\n${a.signInUrl}\n\n您可以在个人资料页面更改密码。`,
  }),
};
