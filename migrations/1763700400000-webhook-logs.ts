import { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookLogs1763700400000 implements MigrationInterface {
  name = 'WebhookLogs1763700400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhook_logs (
        id bigserial PRIMARY KEY,
        provider varchar(100) NOT NULL,
        external_event_id varchar(255) NOT NULL,
        event_type varchar(100) NOT NULL,
        payload jsonb NOT NULL,
        processing_status varchar(16) NOT NULL DEFAULT 'received'
          CHECK (processing_status IN ('received', 'processed', 'ignored', 'invalid', 'failed')),
        processed_at timestamptz NULL,
        error text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_logs_provider_event_unique UNIQUE (provider, external_event_id)
      )`);
    // The log is a record of what was received: rows are never deleted, and what was received
    // (provider, id, type, payload, time) never changes. Only the processing outcome may be set.
    await db.query(`
      CREATE FUNCTION webhook_logs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
          RAISE EXCEPTION 'webhook_logs rows are never deleted' USING ERRCODE = 'restrict_violation';
        END IF;
        IF NEW.payload IS DISTINCT FROM OLD.payload
           OR NEW.provider IS DISTINCT FROM OLD.provider
           OR NEW.external_event_id IS DISTINCT FROM OLD.external_event_id
           OR NEW.event_type IS DISTINCT FROM OLD.event_type
           OR NEW.created_at IS DISTINCT FROM OLD.created_at
           OR NEW.id IS DISTINCT FROM OLD.id THEN
          RAISE EXCEPTION 'webhook_logs: only the processing outcome may change' USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER webhook_logs_append_only
        BEFORE UPDATE OR DELETE ON webhook_logs
        FOR EACH ROW EXECUTE FUNCTION webhook_logs_guard()`);
    await db.query(`
      CREATE TRIGGER webhook_logs_no_truncate
        BEFORE TRUNCATE ON webhook_logs
        FOR EACH STATEMENT EXECUTE FUNCTION webhook_logs_guard()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE webhook_logs');
    await db.query('DROP FUNCTION webhook_logs_guard()');
  }
}
