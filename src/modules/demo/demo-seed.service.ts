import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { RegisterUserCommand, RegisterUserResult, TenantDirectory } from '@modules/accounts';
import {
  CategoryResource,
  CreateCategoryCommand,
  CreateLocationCommand,
  CreateProductCommand,
  LocationResource,
  ProductResource,
} from '@modules/catalog';
import { CouponResource, CreateCouponCommand } from '@modules/coupons';

export interface DemoShop {
  tenant_id: string;
  tenant_slug: string;
  owner_email: string;
  token: string;
  location_id: string;
  product_ids: number[];
  coupon_codes: string[];
}

export const DEMO_TOKEN_NAME = 'demo-seed';

/** The menu's categories, in their order. */
const CATEGORIES = ['Cafés', 'Comida', 'Postres', 'Bebidas'];

/** A Honduran café's menu, in Spanish: the demo shop speaks Spanish (its language, `es`, is the default). */
const PRODUCTS = [
  { name: 'Café de Marcala', description: 'Café hondureño de altura, recién colado.', price: 45, category: 'Cafés', stock: 100 },
  { name: 'Capuchino', description: 'Espresso con leche espumada.', price: 65, category: 'Cafés', stock: 80 },
  { name: 'Baleada', description: 'Tortilla de harina con frijoles, queso y mantequilla.', price: 35, category: 'Comida', stock: 50 },
  { name: 'Pastel de tres leches', description: 'La porción de la casa.', price: 85.5, category: 'Postres', stock: 20 },
  { name: 'Jugo de naranja natural', description: 'Recién exprimido.', price: 50, category: 'Bebidas', stock: 40 },
];

/**
 * A complete demo shop (`demo:seed`, docs/catalog.md): a Spanish-speaking Honduran shop (language
 * `es`, time zone America/Tegucigalpa, the defaults) with an owner with a bearer token, a primary
 * branch in Tegucigalpa that delivers, four categories, Honduran products with stock and one coupon of each type
 * (only WELCOME10 is public). It goes through the same use cases as the API, in one transaction: all or nothing.
 */
@Injectable()
export class DemoSeedService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
    private readonly tenants: TenantDirectory,
  ) {}

  async seed(shopName: string): Promise<DemoShop> {
    const ownerEmail = `demo-owner-${randomBytes(4).toString('hex')}@example.com`;
    const shop = await inTransaction(this.dataSource, async () => {
      const registered = await this.commands.execute<RegisterUserCommand, RegisterUserResult>(
        new RegisterUserCommand({
          name: 'Dueña de la tienda demo',
          email: ownerEmail,
          // Nobody signs in with it: the demo owner uses the token (or a one-time code by email).
          password: `${randomBytes(18).toString('base64url')}7a`,
          newTenantName: shopName,
          tokenName: DEMO_TOKEN_NAME,
          via: 'cli',
        }),
      );
      const tenantId = registered.createdTenantId!;
      const location = await this.commands.execute<CreateLocationCommand, LocationResource>(
        new CreateLocationCommand(tenantId, {
          name: 'Sucursal Tegucigalpa',
          address: 'Boulevard Morazán, Tegucigalpa',
          is_primary: true,
          is_active: true,
          delivery_fee: 50,
        }),
      );
      const categoryIds = new Map<string, number>();
      for (const name of CATEGORIES) {
        const category = await this.commands.execute<CreateCategoryCommand, CategoryResource>(
          new CreateCategoryCommand(tenantId, { name }),
        );
        categoryIds.set(name, category.id);
      }
      const productIds: number[] = [];
      for (const { category, ...product } of PRODUCTS) {
        const created = await this.commands.execute<CreateProductCommand, ProductResource>(
          new CreateProductCommand(tenantId, { ...product, category_id: categoryIds.get(category)!, is_active: true }),
        );
        productIds.push(created.id);
      }
      const coupons = [
        await this.commands.execute<CreateCouponCommand, CouponResource>(
          new CreateCouponCommand(tenantId, {
            code: 'WELCOME10',
            coupon_type: 'percentage',
            value: 10,
            max_discount: 100,
            is_public: true,
          }),
        ),
        await this.commands.execute<CreateCouponCommand, CouponResource>(
          new CreateCouponCommand(tenantId, { code: 'SAVE50', coupon_type: 'fixed', value: 50, min_spend: 300, per_customer_limit: 1 }),
        ),
        await this.commands.execute<CreateCouponCommand, CouponResource>(
          new CreateCouponCommand(tenantId, { code: 'FREESHIP', coupon_type: 'free_shipping', min_spend: 200 }),
        ),
      ];
      return {
        tenantId,
        token: registered.accessToken!,
        locationId: location.id,
        productIds,
        couponCodes: coupons.map((coupon) => coupon.code),
      };
    });
    const tenant = await this.tenants.byId(shop.tenantId);
    return {
      tenant_id: shop.tenantId,
      tenant_slug: tenant!.slug,
      owner_email: ownerEmail,
      token: shop.token,
      location_id: shop.locationId,
      product_ids: shop.productIds,
      coupon_codes: shop.couponCodes,
    };
  }
}
