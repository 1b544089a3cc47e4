export { RecordOrderPaymentCommand, type RecordOrderPaymentResult } from './commands/record-order-payment/record-order-payment.command';
export { OrdersModule } from './orders.module';
export { paymentFailureReason } from './domain/payment-transition';
export { orderPaymentStatement } from './persistence/order-payment.statement';
export { OrderPlaced, type OrderPlacedPayload } from './domain/order-placed.event';
export { OrdersExportRepository } from './persistence/orders-export.repository';
export { type DailySalesRow, ORDER_EXPORT_COLUMNS, type OrderExportRow } from './persistence/orders.rows';
export { type OrderSummary, readOrderSummary } from './persistence/order-summary';
