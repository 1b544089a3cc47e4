import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { TenantOwnedRows } from '@common/context/ports';
import type { CursorKey, PageWindow } from '@common/http/pagination';
import { listTotal } from '@infra/database/list-counts';
import type { CombinedStatement } from '@infra/database/statements';
import { updateSet } from '@infra/database/update-set';
import { LOCATIONS_TABLE, oneRow, pageRows } from './catalog-pages';
import { LOCATION_COLUMNS, type LocationRow } from './locations.rows';

/** The stored form of a location's merchant-written fields (the fee as decimal text). */
export interface LocationFields {
  name: string;
  address: string | null;
  phone: string | null;
  is_primary: boolean;
  is_active: boolean;
  delivery_fee: string;
}

/**
 * Every statement on `locations` (only the catalog module writes it). Every statement names the
 * tenant, so another shop's row is simply not found.
 */
@Injectable()
export class LocationsRepository implements TenantOwnedRows {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The shop that owns the location `id` names, or null when there is none (the tenant access guard asks). */
  async tenantOf(id: string | number): Promise<string | null> {
    const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM locations WHERE id = $1', [id]);
    return rows[0]?.tenant_id ?? null;
  }

  page(tenantId: string, window: PageWindow): Promise<{ rows: LocationRow[]; keys: CursorKey[] }> {
    return pageRows(this.dataSource, LOCATIONS_TABLE, tenantId, window);
  }

  count(tenantId: string): Promise<number> {
    return listTotal(this.dataSource, 'locations', tenantId);
  }

  findById(tenantId: string, id: string): Promise<LocationRow | undefined> {
    return oneRow(this.dataSource, LOCATIONS_TABLE, tenantId, id);
  }

  async exists(manager: EntityManager, tenantId: string, id: string): Promise<boolean> {
    const exists: unknown[] = await manager.query('SELECT 1 FROM locations WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return exists.length > 0;
  }

  /**
   * A shop has at most one active primary location (the partial unique index
   * `locations_one_active_primary` guarantees it). Making a location primary demotes every other
   * location of the shop, an inactive one too, so that reactivating it later cannot collide. The
   * advisory lock, held until commit, makes concurrent "make X primary" requests of one shop queue
   * here; each then sees the previous one's commit, so they all succeed and the last to commit is
   * the primary.
   */
  async demotePrimary(manager: EntityManager, tenantId: string, keepId: string | null): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`locations-primary:${tenantId}`]);
    await manager.query(
      `UPDATE locations SET is_primary = false, updated_at = now()
      WHERE tenant_id = $1 AND is_primary AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [tenantId, keepId],
    );
  }

  async insert(manager: EntityManager, tenantId: string, fields: LocationFields): Promise<LocationRow> {
    const rows: LocationRow[] = await manager.query(
      `INSERT INTO locations (tenant_id, name, address, phone, is_primary, is_active, delivery_fee)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${LOCATION_COLUMNS}`,
      [tenantId, fields.name, fields.address, fields.phone, fields.is_primary, fields.is_active, fields.delivery_fee],
    );
    return rows[0];
  }

  /** Writes the given fields; the row as it is after, or undefined when the shop has no such location. */
  async update(manager: EntityManager, tenantId: string, id: string, changed: Partial<LocationFields>): Promise<LocationRow | undefined> {
    const { assignments, parameters } = updateSet(changed, 3);
    const [rows]: [LocationRow[], number] = await manager.query(
      `UPDATE locations SET ${assignments} WHERE tenant_id = $1 AND id = $2 RETURNING ${LOCATION_COLUMNS}`,
      [tenantId, id, ...parameters],
    );
    return rows[0];
  }

  /** Whether the shop had the location (and now has not). */
  async delete(manager: EntityManager, tenantId: string, id: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await manager.query('DELETE FROM locations WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return affected > 0;
  }

  /** The shop's active locations as its storefront lists them: the primary first, then by name. */
  storefrontLocations(
    tenantId: string,
  ): Promise<Array<{ id: string; name: string; address: string | null; phone: string | null; delivery_fee: string; is_primary: boolean }>> {
    return this.dataSource.query(
      `SELECT id, name, address, phone, delivery_fee::text AS delivery_fee, is_primary FROM locations
        WHERE tenant_id = $1 AND is_active ORDER BY is_primary DESC, name, id`,
      [tenantId],
    );
  }

  /** The named location if it is an active one of the shop, else (none named) the active primary one. */
  async active(
    manager: EntityManager,
    tenantId: string,
    locationId: string | undefined,
  ): Promise<{ id: string; delivery_fee: string } | undefined> {
    const rows: Array<{ id: string; delivery_fee: string }> = locationId
      ? await manager.query('SELECT id, delivery_fee FROM locations WHERE id = $1 AND tenant_id = $2 AND is_active', [locationId, tenantId])
      : await manager.query('SELECT id, delivery_fee FROM locations WHERE tenant_id = $1 AND is_primary AND is_active', [tenantId]);
    return rows[0];
  }

  /**
   * The active location an order is taken at (with the name and address the order keeps), as the part `order_location` of `statement`: the one
   * named, else the shop's active primary one; `check` refuses none.
   */
  orderLocationIn(
    statement: CombinedStatement,
    tenantId: string,
    locationId: string | undefined,
    check: (found: ReadonlyArray<OrderLocationRow>) => void,
  ): () => OrderLocationRow[] {
    const tenant = statement.param(tenantId, 'uuid');
    return statement.output<OrderLocationRow>(
      'order_location',
      `SELECT id, name, address, delivery_fee::text AS delivery_fee FROM locations WHERE tenant_id = ${tenant} AND is_active AND ${
        locationId ? `id = ${statement.param(locationId, 'uuid')}` : 'is_primary'
      }`,
      check,
    );
  }
}

/** The location an order is taken at, as the order's read before its transaction selects it. */
interface OrderLocationRow {
  id: string;
  name: string;
  address: string | null;
  delivery_fee: string;
}
