import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import nodemailer, { Transporter } from 'nodemailer';
import { Env } from '@config/env.validation';
import { MailMessage } from './messages';

/** Sends mail over SMTP (`MAIL_URL`), or writes it to the log when `MAIL_URL=log`. */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly logger = new Logger(MailTransport.name);
  private readonly transporter: Transporter | null;
  private readonly from: string;

  constructor(config: ConfigService<Env, true>) {
    const url = config.get('MAIL_URL', { infer: true });
    this.from = config.get('MAIL_FROM', { infer: true });
    this.transporter = url === 'log' ? null : nodemailer.createTransport(url, { from: this.from });
  }

  async send(message: MailMessage): Promise<void> {
    if (!this.transporter) {
      this.logger.log({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'Mail (MAIL_URL=log)');
      return;
    }
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }

  onModuleDestroy(): void {
    this.transporter?.close();
  }
}
