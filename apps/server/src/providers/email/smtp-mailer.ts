import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer';

/** Mail over SMTP (nodemailer); the URL carries host, port, credentials and TLS options. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(url: string, private readonly from: string) {
    // A pooled transport reuses one connection when a burst of reset codes goes out.
    const pooled = new URL(url);
    if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true');
    this.transport = nodemailer.createTransport(pooled.toString());
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  close(): void {
    this.transport.close();
  }
}
