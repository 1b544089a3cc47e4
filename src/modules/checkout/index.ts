export { CheckoutModule } from './checkout.module';
