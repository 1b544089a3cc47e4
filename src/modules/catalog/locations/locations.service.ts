import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TenantOwnershipRegistry } from '@common/context/tenant-ownership.registry';
import { DataSource, EntityManager } from 'typeorm';
import { ConflictError } from '@common/errors/domain.error';
import { centsToDecimal, centsToNumber, toCents } from '@common/money/money';
import { inTransaction } from '@infra/database/transaction';
import { updateSet } from '@infra/database/update-set';
import { CATALOG_PER_PAGE, pageOffset } from '../catalog-page';
import type { CreateLocationDto, LocationResource, UpdateLocationDto } from '../dto/location.dto';

interface LocationRow {
  id: string;
  name: string;
  address: string | null;
  is_primary: boolean;
  is_active: boolean;
  delivery_fee: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, address, is_primary, is_active, delivery_fee, created_at, updated_at';
const UNIQUE_VIOLATION = '23505';
const ONE_ACTIVE_PRIMARY = 'locations_one_active_primary';

/**
 * The merchant's locations. A shop has at most one active primary location (the database's
 * partial unique index `locations_one_active_primary` is what guarantees it). Making a location
 * primary demotes the previous one in the same transaction; such requests of one shop take turns
 * on an advisory lock, so that concurrent ones all succeed and the last to commit is the primary.
 */
@Injectable()
export class LocationsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly owners: TenantOwnershipRegistry,
  ) {}

  onModuleInit(): void {
    this.owners.register('location', async (id) => {
      const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM locations WHERE id = $1', [id]);
      return rows[0]?.tenant_id ?? null;
    });
  }

  async list(tenantId: string, page: number): Promise<{ locations: LocationResource[]; total: number }> {
    const rows: Array<LocationRow & { total: string }> = await this.dataSource.query(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM locations WHERE tenant_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [tenantId, CATALOG_PER_PAGE, pageOffset(page)],
    );
    const total = rows[0]
      ? Number(rows[0].total)
      : Number((await this.dataSource.query('SELECT count(*) AS total FROM locations WHERE tenant_id = $1', [tenantId]))[0].total);
    return { locations: rows.map(toResource), total };
  }

  async find(tenantId: string, id: string): Promise<LocationResource | null> {
    const rows: LocationRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM locations WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ]);
    return rows[0] ? toResource(rows[0]) : null;
  }

  async create(tenantId: string, input: CreateLocationDto): Promise<LocationResource> {
    return this.write(async (manager) => {
      if (input.is_primary === true) await this.demotePrimary(manager, tenantId, null);
      const rows: LocationRow[] = await manager.query(
        `INSERT INTO locations (tenant_id, name, address, is_primary, is_active, delivery_fee)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [tenantId, input.name, input.address ?? null, input.is_primary ?? false, input.is_active ?? true, money(input.delivery_fee ?? 0)],
      );
      return toResource(rows[0]);
    });
  }

  /** Null when the tenant has no such location (and then nothing else changed either). */
  async update(tenantId: string, id: string, input: UpdateLocationDto): Promise<LocationResource | null> {
    return this.write(async (manager) => {
      if (input.is_primary === true) {
        const exists: unknown[] = await manager.query('SELECT 1 FROM locations WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
        if (exists.length === 0) return null;
        await this.demotePrimary(manager, tenantId, id);
      }
      const { assignments, parameters } = updateSet(
        {
          name: input.name,
          address: input.address,
          is_primary: input.is_primary,
          is_active: input.is_active,
          delivery_fee: input.delivery_fee === undefined ? undefined : money(input.delivery_fee),
        },
        3,
      );
      const [rows]: [LocationRow[], number] = await manager.query(
        `UPDATE locations SET ${assignments} WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [tenantId, id, ...parameters],
      );
      return rows[0] ? toResource(rows[0]) : null;
    });
  }

  async remove(tenantId: string, id: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query('DELETE FROM locations WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      id,
    ]);
    return affected > 0;
  }

  /**
   * Every other location of the shop stops being primary (an inactive one too, so that
   * reactivating it later cannot collide). The advisory lock, held until commit, makes concurrent
   * "make X primary" requests of one shop queue here; each then sees the previous one's commit.
   */
  private async demotePrimary(manager: EntityManager, tenantId: string, keepId: string | null): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`locations-primary:${tenantId}`]);
    await manager.query(
      `UPDATE locations SET is_primary = false, updated_at = now()
        WHERE tenant_id = $1 AND is_primary AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [tenantId, keepId],
    );
  }

  /**
   * A write that would leave two active primaries (reactivating a primary location while another
   * one is primary, or a writer that does not take the lock) is refused by the unique index: 409.
   */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(this.dataSource, work);
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === UNIQUE_VIOLATION && constraint === ONE_ACTIVE_PRIMARY) {
        throw new ConflictError('Another location is already the active primary location of this shop.', 'primary_location_taken');
      }
      throw error;
    }
  }
}

function money(value: number): string {
  return centsToDecimal(toCents(value));
}

function toResource(row: LocationRow): LocationResource {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    is_primary: row.is_primary,
    is_active: row.is_active,
    delivery_fee: centsToNumber(toCents(row.delivery_fee)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
