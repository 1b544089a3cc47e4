export { ShopPagesModule } from './shop-pages.module';
