import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { TenantOwnedRows } from '@common/context/ports';
import type { ValidationFailedError } from '@common/errors/domain.error';
import type { CursorKey, PageWindow } from '@common/http/pagination';
import { listTotal } from '@infra/database/list-counts';
import { type CombinedStatement, statementPart } from '@infra/database/statements';
import { updateSet } from '@infra/database/update-set';
import { containsPattern, searchKey } from '../domain/catalog-search';
import { oneRow, pageRows, PRODUCTS_TABLE } from './catalog-pages';
import { liveHeldUnits } from './inventory-holds.repository';
import { type LockedProduct, type OrderProductRow, PRODUCT_COLUMNS, type ProductRow, type StorefrontProductRow } from './products.rows';

/**
 * The part of an order's lock statement that `InventoryService.lockIn` adds: the order's products,
 * locked. A part that must lock after them says so with `statement.after(PRODUCTS_LOCKED)`.
 */
export const PRODUCTS_LOCKED = statementPart('products_locked');

/** Rows of the storefront's order a search checks before it turns to the trigram index (`storefrontPage`). */
const STOREFRONT_SCAN = 1000;

/** The stored form of a product's merchant-written fields (the price as decimal text). */
export interface ProductFields {
  name: string;
  description: string | null;
  image_url: string | null;
  price: string;
  category_id: number | null;
  stock: number | null;
  is_active: boolean;
}

/**
 * Every statement on `products` (only the catalog module writes it), stock included: the merchant's
 * reads and writes, and the stock movements `InventoryService` decides. Every statement names the
 * tenant, so another shop's row is simply not found. Methods named `…In` add parts to the caller's
 * combined statement and send nothing.
 */
@Injectable()
export class ProductsRepository implements TenantOwnedRows {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The shop that owns the product `id` names, or null when there is none (the tenant access guard asks). */
  async tenantOf(id: string | number): Promise<string | null> {
    const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM products WHERE id = $1', [id]);
    return rows[0]?.tenant_id ?? null;
  }

  page(tenantId: string, window: PageWindow): Promise<{ rows: ProductRow[]; keys: CursorKey[] }> {
    return pageRows(this.dataSource, PRODUCTS_TABLE, tenantId, window);
  }

  count(tenantId: string): Promise<number> {
    return listTotal(this.dataSource, 'products', tenantId);
  }

  findById(tenantId: string, id: number): Promise<ProductRow | undefined> {
    return oneRow(this.dataSource, PRODUCTS_TABLE, tenantId, id);
  }

  async insert(manager: EntityManager, tenantId: string, fields: ProductFields): Promise<ProductRow> {
    const rows: ProductRow[] = await manager.query(
      `INSERT INTO products (tenant_id, name, price, category_id, stock, is_active, description, image_url, name_key, description_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${PRODUCT_COLUMNS}`,
      [
        tenantId,
        fields.name,
        fields.price,
        fields.category_id,
        fields.stock,
        fields.is_active,
        fields.description,
        fields.image_url,
        searchKey(fields.name),
        searchKey(fields.description ?? ''),
      ],
    );
    return rows[0];
  }

  /** Writes the given fields; the row as it is after, or undefined when the shop has no such product. */
  async update(manager: EntityManager, tenantId: string, id: number, changed: Partial<ProductFields>): Promise<ProductRow | undefined> {
    // The storefront's sort and search keys follow the fields they are made of, in the same statement.
    const keys = {
      name_key: changed.name === undefined ? undefined : searchKey(changed.name),
      description_key: changed.description === undefined ? undefined : searchKey(changed.description ?? ''),
    };
    const { assignments, parameters } = updateSet({ ...changed, ...keys }, 3);
    const [rows]: [ProductRow[], number] = await manager.query(
      `UPDATE products SET ${assignments} WHERE tenant_id = $1 AND id = $2 RETURNING ${PRODUCT_COLUMNS}`,
      [tenantId, id, ...parameters],
    );
    return rows[0];
  }

  /** Whether the shop had the product (and now has not). */
  async delete(manager: EntityManager, tenantId: string, id: number): Promise<boolean> {
    const [, affected]: [unknown, number] = await manager.query('DELETE FROM products WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return affected > 0;
  }

  /**
   * One page of the shop's active products in the storefront's order (`name_key`, then `id`), after
   * `after` (the last row's name key and id) and, with `search`, only those whose name or description
   * holds it (`searchKey` form). The ids come first, then only the page's rows are read, each with
   * its live held units (`liveHeldUnits`, as checkout counts them).
   *
   * Without a search the ids are the next entries of `products_storefront_order`. A search first
   * walks the same index from `after`, checking at most STOREFRONT_SCAN rows: a term that many
   * products hold (the usual case) fills the page there, whatever the catalog's size. Only when
   * that walk does not fill the page (a rare term, or the shop's list ended) are the matches
   * found through the trigram index `products_storefront_search` (tenant and term in one GIN
   * index), then sorted: few by then, since fewer than one in STOREFRONT_SCAN / limit rows matched.
   * A planner left to choose between the two plans misjudges `LIKE '%…%'` and sorts every match of
   * a common term (docs/storefront.md, "Catalog search").
   */
  async storefrontPage(
    tenantId: string,
    page: { search: string | null; category: string | null; after: { nameKey: string; id: number } | null; limit: number },
  ): Promise<StorefrontProductRow[]> {
    const params: unknown[] = [tenantId, page.limit];
    const conditions = ['tenant_id = $1', 'is_active'];
    if (page.category !== null) {
      params.push(page.category);
      // An unknown slug selects no category, so no product.
      conditions.push(`category_id = (SELECT id FROM categories WHERE tenant_id = $1 AND slug = $${params.length})`);
    }
    if (page.after) {
      params.push(page.after.nameKey, page.after.id);
      conditions.push(`(name_key, id) > ($${params.length - 1}::text COLLATE "C", $${params.length}::int)`);
    }
    if (!page.search) {
      return this.rowsOf(`SELECT id FROM products WHERE ${conditions.join(' AND ')} ORDER BY name_key, id LIMIT $2`, params);
    }
    params.push(containsPattern(page.search));
    const term = `$${params.length}`;
    const walked = await this.rowsOf(
      `SELECT id FROM (
         SELECT id, name_key, name_key || ' ' || description_key AS keys FROM products
          WHERE ${conditions.join(' AND ')} ORDER BY name_key, id LIMIT ${STOREFRONT_SCAN}
       ) AS walked WHERE keys LIKE ${term} ORDER BY name_key, id LIMIT $2`,
      params,
    );
    if (walked.length === page.limit) return walked;
    return this.rowsOf(
      `SELECT id FROM (
         SELECT id, name_key FROM products WHERE ${conditions.join(' AND ')} AND (name_key || ' ' || description_key) LIKE ${term}
         OFFSET 0
       ) AS matches ORDER BY name_key, id LIMIT $2`,
      params,
    );
  }

  /** One active product of the shop for its own page, with its live held units; undefined when there is none. */
  async storefrontProduct(tenantId: string, id: number): Promise<(StorefrontProductRow & { updated_at: Date }) | undefined> {
    const rows: Array<StorefrontProductRow & { updated_at: Date }> = await this.dataSource.query(
      `SELECT p.id, p.name, p.description, p.image_url, p.price::text AS price, p.stock, p.name_key, p.updated_at,
              ${liveHeldUnits('p.id')} AS held
         FROM products p WHERE p.tenant_id = $1 AND p.id = $2 AND p.is_active`,
      [tenantId, id],
    );
    return rows[0];
  }

  /** Up to `limit` of the shop's active products after the id `afterId`, by id (`products_tenant_idx`): a sitemap's entries. */
  sitemapEntries(tenantId: string, afterId: number, limit: number): Promise<Array<{ id: number; name: string; updated_at: Date }>> {
    return this.dataSource.query(
      'SELECT id, name, updated_at FROM products WHERE tenant_id = $1 AND id > $2 AND is_active ORDER BY id LIMIT $3',
      [tenantId, afterId, limit],
    );
  }

  /** The products whose ids `ids` (a statement on `params`) selects, in the storefront's order, with their live held units. */
  private rowsOf(ids: string, params: unknown[]): Promise<StorefrontProductRow[]> {
    return this.dataSource.query(
      `WITH page AS MATERIALIZED (${ids})
       SELECT p.id, p.name, p.description, p.image_url, p.price::text AS price, p.stock, p.name_key,
              ${liveHeldUnits('p.id')} AS held
         FROM products p WHERE p.id IN (SELECT id FROM page) ORDER BY p.name_key, p.id`,
      params,
    );
  }

  /** The id and category of each of the shop's products among the ids. */
  categories(tenantId: string, productIds: readonly number[]): Promise<Array<{ id: number; category_id: number | null }>> {
    return this.dataSource.query('SELECT id, category_id FROM products WHERE tenant_id = $1 AND id = ANY($2::int[])', [
      tenantId,
      [...productIds],
    ]);
  }

  /** The price (decimal text) of each active product of the shop among the ids. */
  activePrices(tenantId: string, productIds: readonly number[]): Promise<Array<{ id: number; price: string }>> {
    return this.dataSource.query(
      'SELECT id, price::text AS price FROM products WHERE tenant_id = $1 AND id = ANY($2::int[]) AND is_active',
      [tenantId, [...productIds]],
    );
  }

  /** The ids among these that name products of the shop. */
  async existingIds(tenantId: string, productIds: readonly number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      'SELECT id FROM products WHERE tenant_id = $1 AND id = ANY($2::int[])',
      [tenantId, [...productIds]],
    );
    return rows.map((row) => row.id);
  }

  /** An order's active products, as the part `order_products` of `statement`, without locks; `check` reads them. */
  orderProductsIn(statement: CombinedStatement, tenantId: string, productIds: number[], check: (rows: OrderProductRow[]) => void): void {
    statement.output<OrderProductRow>(
      'order_products',
      `SELECT id, name, price::text AS price, category_id FROM products
        WHERE tenant_id = ${statement.param(tenantId, 'uuid')} AND id = ANY(${statement.param(productIds, 'int[]')}) AND is_active`,
      check,
    );
  }

  /** The products, locked in id order (`ids` sorted), as the part PRODUCTS_LOCKED of `statement`; `check` reads them. */
  lockIn(statement: CombinedStatement, tenantId: string, ids: number[], check: (locked: LockedProduct[]) => void): () => LockedProduct[] {
    return statement.output<LockedProduct>(
      PRODUCTS_LOCKED,
      `SELECT id, name, price, stock, category_id, is_active FROM products
        WHERE tenant_id = ${statement.param(tenantId, 'uuid')} AND id = ANY(${statement.param(ids, 'int[]')}) ORDER BY id FOR UPDATE`,
      check,
    );
  }

  /**
   * Takes `quantities` of the tracked products `ids` as parts of `statement`, where stock less what
   * other live checkout holds keep is enough, and deletes the session's own hold. A line that
   * could not be taken refuses the whole statement with `refuse(short)`.
   */
  takeIn(
    statement: CombinedStatement,
    tenantId: string,
    taken: { ids: number[]; quantities: number[]; sessionId: string | null },
    refuse: (short: Array<{ id: number; held: number }>) => ValidationFailedError,
  ): void {
    const ids = statement.param(taken.ids, 'int[]');
    const quantities = statement.param(taken.quantities, 'int[]');
    const tenant = statement.param(tenantId, 'uuid');
    const session = statement.param(taken.sessionId, 'varchar');
    statement.with('stock_wanted', `SELECT * FROM unnest(${ids}, ${quantities}) AS w(id, quantity)`);
    statement.with(
      'stock_held',
      `SELECT product_id, sum(quantity)::int AS held FROM inventory_holds
        WHERE product_id = ANY(${ids}) AND expires_at > now() AND NOT (tenant_id = ${tenant} AND session_id IS NOT DISTINCT FROM ${session})
        GROUP BY product_id`,
    );
    statement.with('hold_converted', `DELETE FROM inventory_holds WHERE tenant_id = ${tenant} AND session_id = ${session}`);
    statement.with(
      'stock_taken',
      `UPDATE products p SET stock = p.stock - w.quantity, updated_at = now()
         FROM stock_wanted w LEFT JOIN stock_held h ON h.product_id = w.id
        WHERE p.id = w.id AND p.stock - COALESCE(h.held, 0) >= w.quantity
       RETURNING p.id`,
    );
    // A short line refuses the whole statement inside PostgreSQL (nothing of the order stands), so
    // the order's transaction can commit right behind it.
    statement.refusal<{ id: number; held: number }>(
      'stock_short',
      `SELECT w.id, COALESCE(h.held, 0) AS held FROM stock_wanted w LEFT JOIN stock_held h ON h.product_id = w.id
        WHERE w.id NOT IN (SELECT id FROM stock_taken)`,
      refuse,
    );
  }

  /** Locks the shop's products among `ids` in id order, in the `manager`'s transaction. */
  async lock(manager: EntityManager, tenantId: string, ids: number[]): Promise<LockedProduct[]> {
    return manager.query(
      `SELECT id, name, price, stock, category_id, is_active FROM products
        WHERE tenant_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE`,
      [tenantId, [...ids].sort((a, b) => a - b)],
    );
  }

  /** The stock of the shop's products among the ids (null: not tracked). */
  stock(manager: EntityManager, tenantId: string, productIds: readonly number[]): Promise<Array<{ id: number; stock: number | null }>> {
    return manager.query('SELECT id, stock FROM products WHERE tenant_id = $1 AND id = ANY($2::int[])', [tenantId, [...productIds]]);
  }

  /** Puts the units back on the shop's tracked products, locked in id order. */
  async restock(manager: EntityManager, tenantId: string, returned: Map<number, number>): Promise<void> {
    await manager.query(
      `WITH returned AS (
         SELECT * FROM unnest($2::int[], $3::int[]) AS r(product_id, quantity)
       ), locked AS (
         SELECT p.id FROM products p JOIN returned r ON r.product_id = p.id
          WHERE p.tenant_id = $1 AND p.stock IS NOT NULL ORDER BY p.id FOR UPDATE OF p
       )
       UPDATE products p SET stock = p.stock + r.quantity, updated_at = now()
         FROM returned r, locked l
        WHERE p.id = r.product_id AND p.id = l.id`,
      [tenantId, [...returned.keys()], [...returned.values()]],
    );
  }
}
