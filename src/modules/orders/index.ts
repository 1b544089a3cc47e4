export { RecordOrderPaymentCommand, type RecordOrderPaymentResult } from './commands/record-order-payment/record-order-payment.command';
export { OrdersModule } from './orders.module';
export { paymentFailureReason } from './domain/payment-transition';
export { orderPaymentStatement } from './persistence/order-payment.statement';
export { OrderPlaced, type OrderPlacedPayload } from './domain/order-placed.event';
export { type DailySalesRow, type OrderExportRow, OrdersExportQuery } from './queries/orders-export.query';
export { type OrderSummary, readOrderSummary } from './queries/order-summary.query';
