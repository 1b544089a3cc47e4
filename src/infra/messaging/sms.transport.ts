import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Env } from '@config/env.schema';
import { SmsMessage } from './messages';

/**
 * Posts `{ to, message }` as JSON to the SMS gateway at `SMS_URL`, or logs it when `SMS_URL=log`: in
 * production the recipient only (a message is a one-time code), elsewhere the message too (decisions §11).
 */
@Injectable()
export class SmsTransport {
  private readonly logger = new Logger(SmsTransport.name);
  private readonly url: string;
  private readonly logsBodies: boolean;

  constructor(config: ConfigService<Env, true>) {
    this.url = config.get('SMS_URL', { infer: true });
    this.logsBodies = config.get('NODE_ENV', { infer: true }) !== 'production';
  }

  async send(sms: SmsMessage): Promise<void> {
    if (this.url === 'log') {
      this.logger.log({ sms: this.logsBodies ? { to: sms.to, message: sms.message } : { to: sms.to } }, 'SMS (SMS_URL=log)');
      return;
    }
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ to: sms.to, message: sms.message }),
      signal: AbortSignal.timeout(10_000),
    });
    // A non-2xx answer fails the job, which the queue retries with backoff.
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}
