export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one plain-text message. Implementations throw when the message could not be handed over. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /**
   * Keeps nothing more addressed to `address` (a purged person, decision 016): SMTP keeps nothing
   * once a message is handed over; the outbox removes the files it wrote for them.
   */
  forget(address: string): Promise<void>;
  close(): void;
}
