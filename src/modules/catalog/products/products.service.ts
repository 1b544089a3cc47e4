import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TenantOwnershipRegistry } from '@common/context/tenant-ownership.registry';
import { DataSource, EntityManager } from 'typeorm';
import { ConflictError } from '@common/errors/domain.error';
import { centsToDecimal, centsToNumber, toCents } from '@common/money/money';
import { inTransaction } from '@infra/database/transaction';
import { updateSet } from '@infra/database/update-set';
import { CATALOG_PER_PAGE, pageOffset } from '../catalog-page';
import type { CreateProductDto, ProductResource, UpdateProductDto } from '../dto/product.dto';

interface ProductRow {
  id: number;
  name: string;
  price: string;
  category_id: number | null;
  stock: number | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, price, category_id, stock, is_active, created_at, updated_at';
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The merchant's products. Every statement names the tenant in its WHERE clause, so another shop's
 * product is simply not found. Statements join the caller's transaction when there is one (the
 * demo seed creates a whole shop in one).
 */
@Injectable()
export class ProductsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly owners: TenantOwnershipRegistry,
  ) {}

  onModuleInit(): void {
    this.owners.register('product', async (id) => {
      const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM products WHERE id = $1', [id]);
      return rows[0]?.tenant_id ?? null;
    });
  }

  async list(tenantId: string, page: number): Promise<{ products: ProductResource[]; total: number }> {
    const rows: Array<ProductRow & { total: string }> = await this.db().query(
      // Ids are a sequence, so id order is creation order, and (tenant_id, id) is indexed.
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM products WHERE tenant_id = $1
        ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [tenantId, CATALOG_PER_PAGE, pageOffset(page)],
    );
    const total = rows[0] ? Number(rows[0].total) : await this.count(tenantId);
    return { products: rows.map(toResource), total };
  }

  async find(tenantId: string, id: number): Promise<ProductResource | null> {
    const rows: ProductRow[] = await this.db().query(`SELECT ${COLUMNS} FROM products WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return rows[0] ? toResource(rows[0]) : null;
  }

  async create(tenantId: string, input: CreateProductDto): Promise<ProductResource> {
    const rows: ProductRow[] = await inTransaction(this.dataSource, (manager) =>
      manager.query(
        `INSERT INTO products (tenant_id, name, price, category_id, stock, is_active)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [tenantId, input.name, money(input.price), input.category_id ?? null, input.stock ?? null, input.is_active ?? true],
      ),
    );
    return toResource(rows[0]);
  }

  /** Null when the tenant has no such product. */
  async update(tenantId: string, id: number, input: UpdateProductDto): Promise<ProductResource | null> {
    const { assignments, parameters } = updateSet(
      {
        name: input.name,
        price: input.price === undefined ? undefined : money(input.price),
        category_id: input.category_id,
        stock: input.stock,
        is_active: input.is_active,
      },
      3,
    );
    const [rows]: [ProductRow[], number] = await inTransaction(this.dataSource, (manager) =>
      manager.query(`UPDATE products SET ${assignments} WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`, [
        tenantId,
        id,
        ...parameters,
      ]),
    );
    return rows[0] ? toResource(rows[0]) : null;
  }

  /**
   * False when the tenant has no such product. A product that orders refer to stays (order items
   * keep pointing at it, ON DELETE RESTRICT): 409, and the merchant deactivates it instead.
   */
  async remove(tenantId: string, id: number): Promise<boolean> {
    try {
      const [, affected]: [unknown, number] = await inTransaction(this.dataSource, (manager) =>
        manager.query('DELETE FROM products WHERE tenant_id = $1 AND id = $2', [tenantId, id]),
      );
      return affected > 0;
    } catch (error) {
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
        throw new ConflictError(
          'This product appears in orders and cannot be deleted. Deactivate it instead (PATCH is_active: false).',
          'product_in_use',
        );
      }
      throw error;
    }
  }

  private async count(tenantId: string): Promise<number> {
    const rows: Array<{ total: string }> = await this.db().query('SELECT count(*) AS total FROM products WHERE tenant_id = $1', [tenantId]);
    return Number(rows[0].total);
  }

  private db(): EntityManager {
    return this.dataSource.manager;
  }
}

function money(value: number): string {
  return centsToDecimal(toCents(value));
}

function toResource(row: ProductRow): ProductResource {
  return {
    id: row.id,
    name: row.name,
    price: centsToNumber(toCents(row.price)),
    category_id: row.category_id,
    stock: row.stock,
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
