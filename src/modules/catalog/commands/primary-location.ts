import { EntityManager } from 'typeorm';

/**
 * A shop has at most one active primary location (the partial unique index
 * `locations_one_active_primary` guarantees it). Making a location primary demotes every other
 * location of the shop, an inactive one too, so that reactivating it later cannot collide. The
 * advisory lock, held until commit, makes concurrent "make X primary" requests of one shop queue
 * here; each then sees the previous one's commit, so they all succeed and the last to commit is
 * the primary.
 */
export async function demotePrimaryLocation(manager: EntityManager, tenantId: string, keepId: string | null): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`locations-primary:${tenantId}`]);
  await manager.query(
    `UPDATE locations SET is_primary = false, updated_at = now()
      WHERE tenant_id = $1 AND is_primary AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [tenantId, keepId],
  );
}
