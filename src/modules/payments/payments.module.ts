import { Module } from '@nestjs/common';
import { PaymentEffects } from './commands/receive-payment-event/payment-effects';
import { ReceivePaymentEventHandler } from './commands/receive-payment-event/receive-payment-event.handler';
import { HmacSignatureGuard } from './hmac-signature.guard';
import { PaymentWebhookController } from './payment-webhook.controller';

@Module({
  controllers: [PaymentWebhookController],
  providers: [ReceivePaymentEventHandler, PaymentEffects, HmacSignatureGuard],
})
export class PaymentsModule {}
