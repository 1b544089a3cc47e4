import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE outbox_events (
        id bigserial PRIMARY KEY,
        event_type varchar(100) NOT NULL,
        tenant_id uuid NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'dispatched', 'processed', 'failed')),
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        available_at timestamptz NOT NULL DEFAULT now(),
        dispatched_at timestamptz NULL,
        processed_at timestamptz NULL,
        last_error text NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The relay's claim query reads only this partial index.
    await db.query(`CREATE INDEX outbox_events_pending_idx ON outbox_events (available_at, id) WHERE status = 'pending'`);
    await db.query(`CREATE INDEX outbox_events_type_status_idx ON outbox_events (event_type, status)`);
    // One row per (event, handler) that has completed: what makes a redelivered event a no-op.
    await db.query(`
      CREATE TABLE outbox_consumptions (
        event_id bigint NOT NULL REFERENCES outbox_events (id) ON DELETE CASCADE,
        handler varchar(150) NOT NULL,
        consumed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, handler)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE outbox_consumptions');
    await db.query('DROP TABLE outbox_events');
  }
}
