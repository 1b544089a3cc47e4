export { RecordOrderPaymentCommand, type RecordOrderPaymentResult } from './commands/record-order-payment/record-order-payment.command';
export { OrderPlaced, type OrderPlacedPayload } from './domain/order-placed.event';
export { OrdersModule } from './orders.module';
