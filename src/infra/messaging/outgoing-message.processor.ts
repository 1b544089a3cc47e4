import { Processor, WorkerHost } from '@nestjs/bullmq';
import { ConfigService } from '@nestjs/config';
import { Job } from 'bullmq';
import { Env } from '@config/env.schema';
import { openSecret, secretBoxKey } from '@common/security/secret-box';
import { MailTransport } from './mail.transport';
import { MailMessage, MESSAGE_JOBS_PURPOSE, MESSAGES_QUEUE, MessageJob, SmsMessage } from './messages';
import { SmsTransport } from './sms.transport';
import { workerOptions } from '@infra/queue/worker-options';

@Processor(MESSAGES_QUEUE, workerOptions({ concurrency: 10 }))
export class OutgoingMessageProcessor extends WorkerHost {
  constructor(
    private readonly mail: MailTransport,
    private readonly sms: SmsTransport,
    private readonly config: ConfigService<Env, true>,
  ) {
    super();
  }

  async process(job: Job<MessageJob>): Promise<void> {
    const data = job.data;
    if ('sealed' in data) {
      // Opened here, right before sending, and kept in memory only.
      const message: unknown = JSON.parse(
        openSecret(secretBoxKey(this.config.get('APP_KEY', { infer: true }), MESSAGE_JOBS_PURPOSE), data.sealed),
      );
      if (data.kind === 'mail') await this.mail.send(message as MailMessage);
      else await this.sms.send(message as SmsMessage);
      return;
    }
    // Queued before messages were sealed.
    if (data.kind === 'mail') await this.mail.send(data.mail);
    else await this.sms.send(data.sms);
  }
}
