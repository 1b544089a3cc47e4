import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { TenantOwnedRows } from '@common/context/ports';
import type { CursorKey, PageWindow } from '@common/http/pagination';
import { updateSet } from '@infra/database/update-set';

/** A row of `categories` as the merchant API reads it, with how many products it holds. */
export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  position: number;
  product_count: number;
  created_at: Date;
  updated_at: Date;
}

/** A category the shop's storefront lists: it holds at least one active product. */
export interface StorefrontCategoryRow {
  id: number;
  name: string;
  slug: string;
  product_count: number;
}

const COLUMNS = `c.id, c.name, c.slug, c.position, c.created_at, c.updated_at,
  (SELECT count(*)::int FROM products p WHERE p.tenant_id = c.tenant_id AND p.category_id = c.id) AS product_count`;

/**
 * Every statement on `categories` (only the catalog module writes it). Every statement names the
 * tenant, so another shop's row is simply not found. Writes of one shop's categories queue on
 * `lockShop`, so that the name, slug and position checks see each other's commits.
 */
@Injectable()
export class CategoriesRepository implements TenantOwnedRows {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The shop that owns the category `id` names, or null when there is none (the tenant access guard asks). */
  async tenantOf(id: string | number): Promise<string | null> {
    const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM categories WHERE id = $1', [id]);
    return rows[0]?.tenant_id ?? null;
  }

  /** A page in the list's order: position, then id. */
  async page(tenantId: string, window: PageWindow): Promise<{ rows: CategoryRow[]; keys: CursorKey[] }> {
    let rows: CategoryRow[];
    if (window.kind === 'after') {
      rows = await this.dataSource.query(
        `SELECT ${COLUMNS} FROM categories c WHERE c.tenant_id = $1 AND (c.position, c.id) > ($2::int, $3::int)
          ORDER BY c.position, c.id LIMIT $4`,
        [tenantId, window.key[0], window.key[1], window.limit],
      );
    } else {
      rows = await this.dataSource.query(
        `SELECT * FROM (
           SELECT ${COLUMNS} FROM categories c WHERE c.tenant_id = $1
            ORDER BY ${window.backward ? 'c.position DESC, c.id DESC' : 'c.position, c.id'} LIMIT $2 OFFSET $3
         ) AS page ORDER BY position, id`,
        [tenantId, window.limit, window.offset],
      );
    }
    return { rows, keys: rows.map((row) => [row.position, row.id]) };
  }

  async count(tenantId: string): Promise<number> {
    const rows: Array<{ n: number }> = await this.dataSource.query('SELECT count(*)::int AS n FROM categories WHERE tenant_id = $1', [
      tenantId,
    ]);
    return rows[0].n;
  }

  async findById(tenantId: string, id: number, manager?: EntityManager): Promise<CategoryRow | undefined> {
    const rows: CategoryRow[] = await (manager ?? this.dataSource).query(
      `SELECT ${COLUMNS} FROM categories c WHERE c.tenant_id = $1 AND c.id = $2`,
      [tenantId, id],
    );
    return rows[0];
  }

  /** Until commit, the shop's other category writes wait here. */
  async lockShop(manager: EntityManager, tenantId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`categories:${tenantId}`]);
  }

  /** Whether another category of the shop (not `exceptId`) has this name, case aside. */
  async nameTaken(manager: EntityManager, tenantId: string, name: string, exceptId: number | null): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM categories WHERE tenant_id = $1 AND lower(name) = lower($2) AND ($3::int IS NULL OR id <> $3::int)',
      [tenantId, name, exceptId],
    );
    return rows.length > 0;
  }

  /** The slugs of the shop's other categories (not `exceptId`) that start with `base`. */
  async slugsLike(manager: EntityManager, tenantId: string, base: string, exceptId: number | null): Promise<Set<string>> {
    const rows: Array<{ slug: string }> = await manager.query(
      `SELECT slug FROM categories WHERE tenant_id = $1 AND (slug = $2 OR slug LIKE $2 || '-%') AND ($3::int IS NULL OR id <> $3::int)`,
      [tenantId, base, exceptId],
    );
    return new Set(rows.map((row) => row.slug));
  }

  /** The position after the shop's last category (0 for the first). */
  async nextPosition(manager: EntityManager, tenantId: string): Promise<number> {
    const rows: Array<{ next: number }> = await manager.query(
      'SELECT LEAST(COALESCE(max(position) + 1, 0), 2147483647)::int AS next FROM categories WHERE tenant_id = $1',
      [tenantId],
    );
    return rows[0].next;
  }

  async insert(manager: EntityManager, tenantId: string, fields: { name: string; slug: string; position: number }): Promise<number> {
    const rows: Array<{ id: number }> = await manager.query(
      'INSERT INTO categories (tenant_id, name, slug, position) VALUES ($1, $2, $3, $4) RETURNING id',
      [tenantId, fields.name, fields.slug, fields.position],
    );
    return rows[0].id;
  }

  /** Writes the given fields; whether the shop has the category. */
  async update(
    manager: EntityManager,
    tenantId: string,
    id: number,
    changed: Partial<{ name: string; slug: string; position: number }>,
  ): Promise<boolean> {
    const { assignments, parameters } = updateSet(changed, 3);
    const [, affected]: [unknown, number] = await manager.query(`UPDATE categories SET ${assignments} WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
      ...parameters,
    ]);
    return affected > 0;
  }

  /** Whether the shop had the category (and now has not); its products keep no category (ON DELETE SET NULL). */
  async delete(manager: EntityManager, tenantId: string, id: number): Promise<boolean> {
    const [, affected]: [unknown, number] = await manager.query('DELETE FROM categories WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return affected > 0;
  }

  /** Whether `id` names a category of the shop. */
  async exists(manager: EntityManager, tenantId: string, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM categories WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return rows.length > 0;
  }

  /** The ids among these that name categories of the shop. */
  async existingIds(tenantId: string, ids: readonly number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      'SELECT id FROM categories WHERE tenant_id = $1 AND id = ANY($2::int[])',
      [tenantId, [...ids]],
    );
    return rows.map((row) => row.id);
  }

  /** The shop's categories that hold an active product, in the list's order, each with its active products. */
  storefront(tenantId: string): Promise<StorefrontCategoryRow[]> {
    return this.dataSource.query(
      `SELECT c.id, c.name, c.slug, counts.n AS product_count
         FROM categories c
         JOIN (SELECT category_id, count(*)::int AS n FROM products
                WHERE tenant_id = $1 AND is_active AND category_id IS NOT NULL GROUP BY category_id) AS counts
           ON counts.category_id = c.id
        WHERE c.tenant_id = $1
        ORDER BY c.position, c.id`,
      [tenantId],
    );
  }
}
