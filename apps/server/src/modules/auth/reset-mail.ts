import type { LocalizedText } from '../../providers/email/localized';

interface ResetCodeArgs {
  firstName: string;
  code: string;
  minutes: number;
}

/** The password reset code of spec section 4, in the reader's language. */
export const resetCodeMail: LocalizedText<ResetCodeArgs> = {
  en: (a) => ({
    subject: 'Your password reset code',
    text: `Hello ${a.firstName},\n\nYour password reset code is ${a.code}.\nIt works once, within ${a.minutes} minutes.\n\nIf you did not ask to reset your password, you can ignore this email: your password stays the same.`,
  }),
  pt: (a) => ({
    subject: 'Seu código para redefinir a senha',
    text: `Olá ${a.firstName},\n\nSeu código para redefinir a senha é ${a.code}.\nEle vale uma vez, por ${a.minutes} minutos.\n\nSe você não pediu para redefinir sua senha, pode ignorar este e-mail: sua senha continua a mesma.`,
  }),
  es: (a) => ({
    subject: 'Tu código para restablecer la contraseña',
    text: `Hola ${a.firstName},\n\nTu código para restablecer la contraseña es ${a.code}.\nSirve una sola vez, durante ${a.minutes} minutos.\n\nSi no pediste restablecer tu contraseña, puedes ignorar este correo: tu contraseña sigue siendo la misma.`,
  }),
  id: (a) => ({
    subject: 'Kode untuk mengatur ulang kata sandi Anda',
    text: `Halo ${a.firstName},\n\nKode untuk mengatur ulang kata sandi Anda adalah ${a.code}.\nKode ini berlaku satu kali, selama ${a.minutes} menit.\n\nJika Anda tidak meminta untuk mengatur ulang kata sandi, abaikan email ini: kata sandi Anda tetap sama.`,
  }),
  zh: (a) => ({
    subject: '您的密码重置验证码',
    text: `${a.firstName}，您好：\n\n您的密码重置验证码是 ${a.code}。\n它只能使用一次，${a.minutes} 分钟内有效。\n\n如果您没有要求重置密码，可以忽略此邮件：您的密码保持不变。`,
  }),
};
