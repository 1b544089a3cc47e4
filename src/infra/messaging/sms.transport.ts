import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Env } from '@config/env.validation';
import { SmsMessage } from './messages';

/** Posts `{ to, message }` as JSON to the SMS gateway at `SMS_URL`, or logs it when `SMS_URL=log`. */
@Injectable()
export class SmsTransport {
  private readonly logger = new Logger(SmsTransport.name);
  private readonly url: string;

  constructor(config: ConfigService<Env, true>) {
    this.url = config.get('SMS_URL', { infer: true });
  }

  async send(sms: SmsMessage): Promise<void> {
    if (this.url === 'log') {
      this.logger.log({ sms }, 'SMS (SMS_URL=log)');
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
