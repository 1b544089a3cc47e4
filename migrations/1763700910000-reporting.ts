import { MigrationInterface, QueryRunner } from 'typeorm';

export class Reporting1763700910000 implements MigrationInterface {
  name = 'Reporting1763700910000';

  async up(db: QueryRunner): Promise<void> {
    // Read models fed by outbox events: no foreign key to tenants, so an event of a shop deleted
    // since it was recorded is still counted instead of failing its delivery over and over.
    await db.query(`
      CREATE TABLE tenant_daily_stats (
        tenant_id uuid NOT NULL,
        day date NOT NULL,
        orders integer NOT NULL DEFAULT 0,
        revenue numeric(14,2) NOT NULL DEFAULT 0,
        ai_enrichments integer NOT NULL DEFAULT 0,
        PRIMARY KEY (tenant_id, day)
      )`);
    await db.query(`
      CREATE TABLE ai_usage_monthly (
        tenant_id uuid NOT NULL,
        month date NOT NULL CHECK (month = date_trunc('month', month)::date),
        enrichments integer NOT NULL DEFAULT 0,
        tokens bigint NOT NULL DEFAULT 0,
        credits integer NOT NULL DEFAULT 0,
        PRIMARY KEY (tenant_id, month)
      )`);
    // Which consumer has applied which outbox event: the projections count an event once even when
    // its outbox consumption marker is lost and the consumer runs again. No foreign key: outbox
    // rows may be pruned while the projections keep what they counted.
    await db.query(`
      CREATE TABLE reporting_applied_events (
        event_id bigint NOT NULL,
        consumer varchar(100) NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, consumer)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE reporting_applied_events');
    await db.query('DROP TABLE ai_usage_monthly');
    await db.query('DROP TABLE tenant_daily_stats');
  }
}
