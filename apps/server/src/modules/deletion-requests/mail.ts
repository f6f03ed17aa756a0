import type { LocalizedText } from '../../providers/email/localized';

/** `deleteBy` is already a date written for the reader's language (see formatDate in notify.ts). */
interface RequestMailArgs {
  firstName: string;
  deleteBy: string;
}

/** Every step of a deletion request is mailed to the person, in their language. */
export const requestReceivedMail: LocalizedText<RequestMailArgs> = {
  en: (a) => ({
    subject: 'We received your request to delete your account',
    text: `Hello ${a.firstName},\n\nWe received your request to delete your account. An administrator of your church will review it. Unless it is rejected, your personal data will be deleted by ${a.deleteBy}.\n\nYou can cancel the request from the "Delete My Account" page while it is waiting for review. You can also download a copy of your data from your profile page.`,
  }),
  pt: (a) => ({
    subject: 'Recebemos seu pedido para excluir sua conta',
    text: `Olá ${a.firstName},\n\nRecebemos seu pedido para excluir sua conta. Um administrador da sua igreja vai analisá-lo. Se não for recusado, seus dados pessoais serão excluídos até ${a.deleteBy}.\n\nVocê pode cancelar o pedido na página "Excluir minha conta" enquanto ele aguarda análise. Também pode baixar uma cópia dos seus dados na página do seu perfil.`,
  }),
  es: (a) => ({
    subject: 'Recibimos tu solicitud para eliminar tu cuenta',
    text: `Hola ${a.firstName},\n\nRecibimos tu solicitud para eliminar tu cuenta. Un administrador de tu iglesia la revisará. Si no se rechaza, tus datos personales se eliminarán a más tardar el ${a.deleteBy}.\n\nPuedes cancelar la solicitud en la página "Eliminar mi cuenta" mientras espera revisión. También puedes descargar una copia de tus datos desde tu perfil.`,
  }),
  id: (a) => ({
    subject: 'Kami menerima permintaan Anda untuk menghapus akun',
    text: `Halo ${a.firstName},\n\nKami menerima permintaan Anda untuk menghapus akun. Administrator gereja Anda akan meninjaunya. Kecuali ditolak, data pribadi Anda akan dihapus paling lambat ${a.deleteBy}.\n\nAnda dapat membatalkan permintaan di halaman "Hapus Akun Saya" selama masih menunggu peninjauan. Anda juga dapat mengunduh salinan data Anda dari halaman profil.`,
  }),
  zh: (a) => ({
    subject: '我们已收到您删除账户的申请',
    text: `${a.firstName}，您好：\n\n我们已收到您删除账户的申请，您所在教会的管理员将进行审核。除非申请被拒绝，您的个人数据将在 ${a.deleteBy} 之前删除。\n\n在等待审核期间，您可以在"删除我的账户"页面取消申请。您也可以在个人资料页面下载您的数据副本。`,
  }),
};

export const requestCancelledMail: LocalizedText<{ firstName: string }> = {
  en: (a) => ({ subject: 'Your account deletion request was cancelled', text: `Hello ${a.firstName},\n\nYour request to delete your account was cancelled. Your account stays as it is and nothing has been deleted.` }),
  pt: (a) => ({ subject: 'Seu pedido de exclusão de conta foi cancelado', text: `Olá ${a.firstName},\n\nSeu pedido para excluir sua conta foi cancelado. Sua conta continua como está e nada foi excluído.` }),
  es: (a) => ({ subject: 'Tu solicitud de eliminación de cuenta fue cancelada', text: `Hola ${a.firstName},\n\nTu solicitud para eliminar tu cuenta fue cancelada. Tu cuenta sigue igual y no se ha eliminado nada.` }),
  id: (a) => ({ subject: 'Permintaan penghapusan akun Anda dibatalkan', text: `Halo ${a.firstName},\n\nPermintaan Anda untuk menghapus akun telah dibatalkan. Akun Anda tetap seperti semula dan tidak ada yang dihapus.` }),
  zh: (a) => ({ subject: '您的账户删除申请已取消', text: `${a.firstName}，您好：\n\n您删除账户的申请已取消。您的账户保持不变，没有任何数据被删除。` }),
};

export const requestApprovedMail: LocalizedText<RequestMailArgs> = {
  en: (a) => ({ subject: 'Your account has been closed', text: `Hello ${a.firstName},\n\nYour request to delete your account was approved. Your account is closed and you have been signed out everywhere. Your personal data will be deleted by ${a.deleteBy}; you will get one more message when that is done.` }),
  pt: (a) => ({ subject: 'Sua conta foi encerrada', text: `Olá ${a.firstName},\n\nSeu pedido para excluir sua conta foi aprovado. Sua conta foi encerrada e você saiu de todos os dispositivos. Seus dados pessoais serão excluídos até ${a.deleteBy}; você receberá mais uma mensagem quando isso for concluído.` }),
  es: (a) => ({ subject: 'Tu cuenta ha sido cerrada', text: `Hola ${a.firstName},\n\nTu solicitud para eliminar tu cuenta fue aprobada. Tu cuenta está cerrada y se cerró tu sesión en todos los dispositivos. Tus datos personales se eliminarán a más tardar el ${a.deleteBy}; recibirás un mensaje más cuando esté hecho.` }),
  id: (a) => ({ subject: 'Akun Anda telah ditutup', text: `Halo ${a.firstName},\n\nPermintaan Anda untuk menghapus akun telah disetujui. Akun Anda ditutup dan Anda telah dikeluarkan dari semua perangkat. Data pribadi Anda akan dihapus paling lambat ${a.deleteBy}; Anda akan menerima satu pesan lagi setelah selesai.` }),
  zh: (a) => ({ subject: '您的账户已关闭', text: `${a.firstName}，您好：\n\n您删除账户的申请已获批准。您的账户已关闭，并已在所有设备上退出登录。您的个人数据将在 ${a.deleteBy} 之前删除；完成后您会再收到一封邮件。` }),
};

export const requestRejectedMail: LocalizedText<{ firstName: string; reason: string }> = {
  en: (a) => ({ subject: 'Your account deletion request was not approved', text: `Hello ${a.firstName},\n\nYour request to delete your account was not approved. The reason given:\n\n${a.reason}\n\nYour account stays open. You can make a new request at any time.` }),
  pt: (a) => ({ subject: 'Seu pedido de exclusão de conta não foi aprovado', text: `Olá ${a.firstName},\n\nSeu pedido para excluir sua conta não foi aprovado. O motivo informado:\n\n${a.reason}\n\nSua conta continua aberta. Você pode fazer um novo pedido a qualquer momento.` }),
  es: (a) => ({ subject: 'Tu solicitud de eliminación de cuenta no fue aprobada', text: `Hola ${a.firstName},\n\nTu solicitud para eliminar tu cuenta no fue aprobada. El motivo indicado:\n\n${a.reason}\n\nTu cuenta sigue abierta. Puedes hacer una nueva solicitud cuando quieras.` }),
  id: (a) => ({ subject: 'Permintaan penghapusan akun Anda tidak disetujui', text: `Halo ${a.firstName},\n\nPermintaan Anda untuk menghapus akun tidak disetujui. Alasan yang diberikan:\n\n${a.reason}\n\nAkun Anda tetap terbuka. Anda dapat mengajukan permintaan baru kapan saja.` }),
  zh: (a) => ({ subject: '您的账户删除申请未获批准', text: `${a.firstName}，您好：\n\n您删除账户的申请未获批准。给出的理由：\n\n${a.reason}\n\n您的账户仍然有效。您可以随时重新提交申请。` }),
};

export const dataDeletedMail: LocalizedText<{ firstName: string }> = {
  en: (a) => ({ subject: 'Your personal data has been deleted', text: `Hello ${a.firstName},\n\nAs you asked, your personal data has now been deleted. This is the last message we will send to this address.` }),
  pt: (a) => ({ subject: 'Seus dados pessoais foram excluídos', text: `Olá ${a.firstName},\n\nComo você pediu, seus dados pessoais foram excluídos. Esta é a última mensagem que enviaremos a este endereço.` }),
  es: (a) => ({ subject: 'Tus datos personales han sido eliminados', text: `Hola ${a.firstName},\n\nComo pediste, tus datos personales han sido eliminados. Este es el último mensaje que enviaremos a esta dirección.` }),
  id: (a) => ({ subject: 'Data pribadi Anda telah dihapus', text: `Halo ${a.firstName},\n\nSesuai permintaan Anda, data pribadi Anda telah dihapus. Ini adalah pesan terakhir yang akan kami kirim ke alamat ini.` }),
  zh: (a) => ({ subject: '您的个人数据已删除', text: `${a.firstName}，您好：\n\n按照您的要求，您的个人数据现已删除。这是我们发送到此地址的最后一封邮件。` }),
};

/** To platform admins when nobody reviewed a request within 14 days. */
export const requestEscalatedMail: LocalizedText<{ firstName: string; churchName: string; requestedOn: string; deleteBy: string; reviewUrl: string }> = {
  en: (a) => ({ subject: 'An account deletion request has waited 14 days', text: `Hello ${a.firstName},\n\nA request to delete a member's account at ${a.churchName}, made on ${a.requestedOn}, has not been reviewed. If nobody reviews it, the account will be deleted automatically on ${a.deleteBy}.\n\nReview it here: ${a.reviewUrl}` }),
  pt: (a) => ({ subject: 'Um pedido de exclusão de conta aguarda há 14 dias', text: `Olá ${a.firstName},\n\nUm pedido para excluir a conta de um membro em ${a.churchName}, feito em ${a.requestedOn}, ainda não foi analisado. Se ninguém o analisar, a conta será excluída automaticamente em ${a.deleteBy}.\n\nAnalise aqui: ${a.reviewUrl}` }),
  es: (a) => ({ subject: 'Una solicitud de eliminación de cuenta lleva 14 días esperando', text: `Hola ${a.firstName},\n\nUna solicitud para eliminar la cuenta de un miembro de ${a.churchName}, hecha el ${a.requestedOn}, no ha sido revisada. Si nadie la revisa, la cuenta se eliminará automáticamente el ${a.deleteBy}.\n\nRevísala aquí: ${a.reviewUrl}` }),
  id: (a) => ({ subject: 'Permintaan penghapusan akun telah menunggu 14 hari', text: `Halo ${a.firstName},\n\nPermintaan untuk menghapus akun anggota di ${a.churchName}, yang diajukan pada ${a.requestedOn}, belum ditinjau. Jika tidak ada yang meninjaunya, akun akan dihapus otomatis pada ${a.deleteBy}.\n\nTinjau di sini: ${a.reviewUrl}` }),
  zh: (a) => ({ subject: '一项账户删除申请已等待 14 天', text: `${a.firstName}，您好：\n\n${a.churchName}的一位成员于 ${a.requestedOn} 提交的账户删除申请尚未审核。如果无人审核，该账户将于 ${a.deleteBy} 自动删除。\n\n请在此审核：${a.reviewUrl}` }),
};
