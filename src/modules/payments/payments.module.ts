import { Module } from '@nestjs/common';
import { FirstDeliveryBatcher } from './commands/receive-payment-event/first-delivery.batcher';
import { PaymentEffects } from './commands/receive-payment-event/payment-effects';
import { ReceivePaymentEventHandler } from './commands/receive-payment-event/receive-payment-event.handler';
import { HmacSignatureGuard } from './hmac-signature.guard';
import { PaymentWebhookController } from './payment-webhook.controller';
import { WebhookLogsRepository } from './persistence/webhook-logs.repository';

@Module({
  controllers: [PaymentWebhookController],
  providers: [ReceivePaymentEventHandler, PaymentEffects, FirstDeliveryBatcher, HmacSignatureGuard, WebhookLogsRepository],
})
export class PaymentsModule {}
