// The contract lives with the context that carries it (the context imports no provider).
export type { MailMessage, Mailer } from '../../context';
