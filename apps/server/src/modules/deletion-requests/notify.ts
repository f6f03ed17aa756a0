import { DEFAULT_CHURCH_TIME_ZONE, type InterfaceLanguage, type PrimaryLanguage } from '@app/shared';
import type { AppContext } from '../../context';
import { mailLanguageOf, type LocalizedText } from '../../providers/email/localized';

export interface MailRecipient {
  /** Null for a person without an account (decision 036): there is nowhere to mail them. */
  email: string | null;
  firstName: string;
  primaryLanguage: PrimaryLanguage | null;
  /** The language of the person's own request, for a profile without a primary language. */
  requestLanguage?: InterfaceLanguage | null;
}

const locales: Record<InterfaceLanguage, string> = { en: 'en-AU', pt: 'pt-BR', es: 'es', id: 'id-ID', zh: 'zh-CN' };

/** A date as the reader writes it (the congregation is in Australia, so Sydney's calendar day). */
export function formatDate(date: Date, language: InterfaceLanguage): string {
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'long', timeZone: DEFAULT_CHURCH_TIME_ZONE }).format(date);
}

/**
 * Mails a person in their language. A mail that cannot be handed over is logged, never fatal: the
 * request's state has already changed and the screen shows it.
 */
export async function mailPerson<A>(
  ctx: AppContext,
  to: MailRecipient,
  template: LocalizedText<A>,
  args: (language: InterfaceLanguage) => A,
): Promise<void> {
  if (!to.email) return;
  const language = mailLanguageOf(to.primaryLanguage, to.requestLanguage ?? null);
  try {
    await ctx.mailer.send({ to: to.email, ...template[language](args(language)) });
  } catch (err) {
    ctx.log.error({ err }, 'deletion request mail could not be sent');
  }
}
