import { MigrationInterface, QueryRunner } from 'typeorm';

export class Analytics1763700600000 implements MigrationInterface {
  name = 'Analytics1763700600000';

  async up(db: QueryRunner): Promise<void> {
    // event_id is assigned when the API accepts the event: a job processed twice (a worker that
    // died mid-batch) still stores one row.
    await db.query(`
      CREATE TABLE analytics_events (
        id bigserial PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        type varchar(32) NOT NULL,
        product_id integer NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        occurred_at timestamptz NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX analytics_events_tenant_idx ON analytics_events (tenant_id, occurred_at DESC)`);

    await db.query(`
      CREATE TABLE analytics_conversions (
        id bigserial PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        transaction_id varchar(255) NULL,
        event varchar(32) NOT NULL,
        value numeric(12, 2) NOT NULL DEFAULT 0,
        currency char(3) NOT NULL,
        occurred_at timestamptz NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX analytics_conversions_transaction_unique ON analytics_conversions (tenant_id, transaction_id) WHERE transaction_id IS NOT NULL`,
    );

    await db.query(`
      CREATE TABLE interactions (
        id bigserial PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        type varchar(32) NOT NULL CHECK (type IN ('view', 'whatsapp_click', 'call_click', 'maps_click')),
        product_id integer NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX interactions_tenant_idx ON interactions (tenant_id, created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE interactions');
    await db.query('DROP TABLE analytics_conversions');
    await db.query('DROP TABLE analytics_events');
  }
}
