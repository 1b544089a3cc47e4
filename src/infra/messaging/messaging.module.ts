import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { MailTransport } from './mail.transport';
import { MessageDispatcher } from './message.dispatcher';
import { MESSAGES_QUEUE } from './messages';
import { OutgoingMessageProcessor } from './outgoing-message.processor';
import { SmsTransport } from './sms.transport';

/** Queueing mail and SMS: any process. */
@Global()
@Module({
  imports: [BullModule.registerQueue({ name: MESSAGES_QUEUE })],
  providers: [MessageDispatcher],
  exports: [MessageDispatcher],
})
export class MessagingModule {}

/** Sending them: worker processes. */
@Module({
  imports: [MessagingModule],
  providers: [MailTransport, SmsTransport, OutgoingMessageProcessor],
  exports: [MailTransport, SmsTransport],
})
export class MessagingWorkerModule {}
