import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import nodemailer, { Transporter } from 'nodemailer';
import { Env } from '@config/env.schema';
import { MailMessage } from './messages';

/**
 * Sends mail over SMTP (`MAIL_URL`), or writes it to the log when `MAIL_URL=log`: in production the
 * recipient and subject only, since bodies carry one-time codes and signed links and logs are read
 * by more people than mailboxes; elsewhere the text too, so a developer can sign in (decisions §11).
 */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly logger = new Logger(MailTransport.name);
  private readonly transporter: Transporter | null;
  private readonly from: string;
  private readonly logsBodies: boolean;

  constructor(config: ConfigService<Env, true>) {
    const url = config.get('MAIL_URL', { infer: true });
    this.from = config.get('MAIL_FROM', { infer: true });
    this.transporter = url === 'log' ? null : nodemailer.createTransport(url, { from: this.from });
    this.logsBodies = config.get('NODE_ENV', { infer: true }) !== 'production';
  }

  async send(message: MailMessage): Promise<void> {
    if (!this.transporter) {
      const { to, subject, text } = message;
      this.logger.log({ mail: this.logsBodies ? { to, subject, text } : { to, subject } }, 'Mail (MAIL_URL=log)');
      return;
    }
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }

  onModuleDestroy(): void {
    this.transporter?.close();
  }
}
