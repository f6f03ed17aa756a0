import type { LocalizedText } from '../../providers/email/localized';

interface NewDeviceArgs {
  firstName: string;
  device: string;
  ipAddress: string;
  at: string;
  devicesUrl: string;
}

/** A sign-in from a browser not seen before (decision 023), in the person's language. */
export const newDeviceMail: LocalizedText<NewDeviceArgs> = {
  en: (a) => ({
    subject: 'New sign-in to your account',
    text: `Hello ${a.firstName},\n\nYour account was just signed in from a device we have not seen before:\n${a.device}, address ${a.ipAddress}, ${a.at} (UTC).\n\nIf this was you, there is nothing to do. If not, sign that device out and change your password here:\n${a.devicesUrl}`,
  }),
  pt: (a) => ({
    subject: 'Novo acesso à sua conta',
    text: `Olá ${a.firstName},\n\nSua conta acabou de ser acessada de um dispositivo que não conhecíamos:\n${a.device}, endereço ${a.ipAddress}, ${a.at} (UTC).\n\nSe foi você, não precisa fazer nada. Se não foi, desconecte esse dispositivo e troque sua senha aqui:\n${a.devicesUrl}`,
  }),
  es: (a) => ({
    subject: 'Nuevo inicio de sesión en tu cuenta',
    text: `Hola ${a.firstName},\n\nSe acaba de iniciar sesión en tu cuenta desde un dispositivo que no conocíamos:\n${a.device}, dirección ${a.ipAddress}, ${a.at} (UTC).\n\nSi fuiste tú, no tienes que hacer nada. Si no, cierra la sesión de ese dispositivo y cambia tu contraseña aquí:\n${a.devicesUrl}`,
  }),
  id: (a) => ({
    subject: 'Ada yang masuk ke akun Anda',
    text: `Halo ${a.firstName},\n\nAkun Anda baru saja dimasuki dari perangkat yang belum pernah kami lihat:\n${a.device}, alamat ${a.ipAddress}, ${a.at} (UTC).\n\nJika itu Anda, tidak perlu melakukan apa pun. Jika bukan, keluarkan perangkat itu dan ganti kata sandi Anda di sini:\n${a.devicesUrl}`,
  }),
  zh: (a) => ({
    subject: '您的账户有新的登录',
    text: `${a.firstName}，您好：\n\n您的账户刚刚在一台我们未见过的设备上登录：\n${a.device}，地址 ${a.ipAddress}，${a.at}（UTC）。\n\n如果是您本人，无需任何操作。如果不是，请在此退出该设备的登录并更改密码：\n${a.devicesUrl}`,
  }),
};

interface ResetArgs {
  firstName: string;
  profileUrl: string;
}

/** A platform administrator turned the person's two-step sign-in off (decision 023). */
export const twoStepResetMail: LocalizedText<ResetArgs> = {
  en: (a) => ({
    subject: 'Your two-step sign-in was reset',
    text: `Hello ${a.firstName},\n\nA platform administrator has reset your two-step sign-in, as you asked. You now sign in with your password alone; set two-step sign-in up again on your profile:\n${a.profileUrl}\n\nIf you did not ask for this, change your password and tell your church at once.`,
  }),
  pt: (a) => ({
    subject: 'Sua verificação em duas etapas foi redefinida',
    text: `Olá ${a.firstName},\n\nUm administrador da plataforma redefiniu sua verificação em duas etapas, como você pediu. Agora você entra só com a senha; ative a verificação em duas etapas de novo no seu perfil:\n${a.profileUrl}\n\nSe você não pediu isso, troque sua senha e avise sua igreja imediatamente.`,
  }),
  es: (a) => ({
    subject: 'Se restableció tu verificación en dos pasos',
    text: `Hola ${a.firstName},\n\nUn administrador de la plataforma restableció tu verificación en dos pasos, como pediste. Ahora inicias sesión solo con tu contraseña; vuelve a activarla en tu perfil:\n${a.profileUrl}\n\nSi no lo pediste, cambia tu contraseña y avisa a tu iglesia de inmediato.`,
  }),
  id: (a) => ({
    subject: 'Verifikasi dua langkah Anda telah diatur ulang',
    text: `Halo ${a.firstName},\n\nAdministrator platform telah mengatur ulang verifikasi dua langkah Anda, sesuai permintaan Anda. Sekarang Anda masuk hanya dengan kata sandi; aktifkan lagi verifikasi dua langkah di profil Anda:\n${a.profileUrl}\n\nJika Anda tidak memintanya, segera ganti kata sandi dan beri tahu gereja Anda.`,
  }),
  zh: (a) => ({
    subject: '您的两步登录已被重置',
    text: `${a.firstName}，您好：\n\n平台管理员已按您的请求重置了您的两步登录。您现在只需密码即可登录；请在个人资料中重新设置两步登录：\n${a.profileUrl}\n\n如果这不是您的请求，请立即更改密码并告知您的教会。`,
  }),
};
