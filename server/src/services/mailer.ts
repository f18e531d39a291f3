/** Outgoing mail over SMTP (`VEXIL_SMTP_URL`); without a URL the mailer is disabled. */
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from '../config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export class Mailer {
  private transport?: Transporter;

  constructor(private readonly config: MailConfig) {}

  get enabled(): boolean {
    return this.config.smtpUrl !== undefined;
  }

  /** Sends the mail; rejects when the server refuses it or cannot be reached in time. */
  async send(mail: OutgoingMail): Promise<void> {
    if (!this.config.smtpUrl) throw new Error('Mail is not configured (VEXIL_SMTP_URL)');
    this.transport ??= nodemailer.createTransport(
      {
        url: this.config.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      },
      { from: this.config.from },
    );
    await this.transport.sendMail(mail);
  }
}
