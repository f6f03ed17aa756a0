import type { Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer';

/** Mail over SMTP (nodemailer); the URL carries host, port, credentials and TLS options. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly url: string;
  // nodemailer is loaded with the first message, not at start (decision 027).
  private transport: Promise<Transporter> | null = null;

  constructor(url: string, private readonly from: string) {
    // A pooled transport reuses one connection when a burst of reset codes goes out.
    const pooled = new URL(url);
    if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true');
    this.url = pooled.toString();
  }

  async send(message: MailMessage): Promise<void> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.url));
    const transport = await this.transport;
    await transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  async forget(): Promise<void> {}

  close(): void {
    void this.transport?.then((t) => t.close());
  }
}
