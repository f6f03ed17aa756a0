import type { LocalizedText } from '../../providers/email/localized';

interface FollowUpMailArgs {
  firstName: string;
  churchName: string;
  /** The person's name, or null for an anonymous guest. */
  personName: string | null;
  language: string;
  url: string;
}

/** To the staff member a new decision is assigned to, in their own interface language (decision 014). */
export const followUpAssignedMail: LocalizedText<FollowUpMailArgs> = {
  en: (a) => ({
    subject: `A decision for Jesus at ${a.churchName} to follow up`,
    text: `Hello ${a.firstName},\n\n${a.personName ?? 'Someone'} accepted Jesus at ${a.churchName} (language: ${a.language}). You have been asked to follow up.\n\nOpen your follow-ups: ${a.url}\n\nThis is sensitive information: please keep it within the pastoral team.`,
  }),
  pt: (a) => ({
    subject: `Uma decisão por Jesus em ${a.churchName} para acompanhar`,
    text: `Olá ${a.firstName},\n\n${a.personName ?? 'Alguém'} aceitou Jesus em ${a.churchName} (idioma: ${a.language}). Pedimos que você faça o acompanhamento.\n\nAbra seus acompanhamentos: ${a.url}\n\nEsta é uma informação sensível: mantenha-a dentro da equipe pastoral.`,
  }),
  es: (a) => ({
    subject: `Una decisión por Jesús en ${a.churchName} para acompañar`,
    text: `Hola ${a.firstName},\n\n${a.personName ?? 'Alguien'} aceptó a Jesús en ${a.churchName} (idioma: ${a.language}). Te pedimos que hagas el seguimiento.\n\nAbre tus seguimientos: ${a.url}\n\nEs información sensible: mantenla dentro del equipo pastoral.`,
  }),
  id: (a) => ({
    subject: `Keputusan menerima Yesus di ${a.churchName} untuk ditindaklanjuti`,
    text: `Halo ${a.firstName},\n\n${a.personName ?? 'Seseorang'} menerima Yesus di ${a.churchName} (bahasa: ${a.language}). Anda diminta untuk menindaklanjutinya.\n\nBuka tindak lanjut Anda: ${a.url}\n\nIni informasi sensitif: simpan hanya di dalam tim pastoral.`,
  }),
  zh: (a) => ({
    subject: `${a.churchName}有一位决志信主者需要跟进`,
    text: `${a.firstName}，您好：\n\n${a.personName ?? '有人'}在${a.churchName}决志信主（语言：${a.language}）。请您负责跟进。\n\n打开您的跟进列表：${a.url}\n\n这是敏感信息，请仅在牧养团队内部使用。`,
  }),
};
