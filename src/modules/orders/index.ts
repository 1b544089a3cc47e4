export { RecordOrderPaymentCommand, type RecordOrderPaymentResult } from './commands/record-order-payment/record-order-payment.command';
export { OrdersModule } from './orders.module';
