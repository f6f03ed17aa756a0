export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one plain-text message. Implementations throw when the message could not be handed over. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}
