export { OrderPlaced, type OrderPlacedPayload } from './domain/order-placed.event';
export { OrdersModule } from './orders.module';
