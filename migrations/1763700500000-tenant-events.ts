import { MigrationInterface, QueryRunner } from 'typeorm';

export class TenantEvents1763700500000 implements MigrationInterface {
  name = 'TenantEvents1763700500000';

  async up(db: QueryRunner): Promise<void> {
    // History of a tenant's subscription (and other account-level changes), one row per change.
    await db.query(`
      CREATE TABLE tenant_events (
        id bigserial PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        event varchar(64) NOT NULL,
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX tenant_events_tenant_idx ON tenant_events (tenant_id, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE tenant_events');
  }
}
