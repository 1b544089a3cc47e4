import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { MailTransport } from './mail.transport';
import { MESSAGES_QUEUE, MessageJob } from './messages';
import { SmsTransport } from './sms.transport';

@Processor(MESSAGES_QUEUE, { concurrency: 10 })
export class OutgoingMessageProcessor extends WorkerHost {
  constructor(
    private readonly mail: MailTransport,
    private readonly sms: SmsTransport,
  ) {
    super();
  }

  async process(job: Job<MessageJob>): Promise<void> {
    const data = job.data;
    if (data.kind === 'mail') await this.mail.send(data.mail);
    else await this.sms.send(data.sms);
  }
}
