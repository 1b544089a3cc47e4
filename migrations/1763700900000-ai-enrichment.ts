import { MigrationInterface, QueryRunner } from 'typeorm';

export class AiEnrichment1763700900000 implements MigrationInterface {
  name = 'AiEnrichment1763700900000';

  async up(db: QueryRunner): Promise<void> {
    // One row per AI enrichment request: its id is the BullMQ job id, so a duplicate enqueue is one job.
    // `credits` is what was taken at dispatch; `credits_returned` makes the give-back happen once.
    await db.query(`
      CREATE TABLE ai_jobs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        user_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        kind varchar(32) NOT NULL CHECK (kind IN ('optimize-profile')),
        status varchar(16) NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'rejected')),
        params jsonb NOT NULL DEFAULT '{}',
        enhanced_fields jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(enhanced_fields) = 'array'),
        error text NULL,
        credits integer NOT NULL CHECK (credits >= 0),
        credits_returned boolean NOT NULL DEFAULT false,
        tokens_used integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        finished_at timestamptz NULL
      )`);
    await db.query(`CREATE INDEX ai_jobs_tenant_idx ON ai_jobs (tenant_id, created_at DESC)`);

    // Append-only audit trail (spec 6: log name "ai-enrichment"): who changed what on which shop,
    // and what it cost. Never updated or deleted by the service.
    await db.query(`
      CREATE TABLE activity_log (
        id bigserial PRIMARY KEY,
        log_name varchar(64) NOT NULL,
        description varchar(255) NOT NULL,
        tenant_id uuid NULL REFERENCES tenants (id) ON DELETE SET NULL,
        causer_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        subject_type varchar(64) NULL,
        subject_id varchar(64) NULL,
        properties jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX activity_log_tenant_idx ON activity_log (tenant_id, log_name, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE activity_log');
    await db.query('DROP TABLE ai_jobs');
  }
}
