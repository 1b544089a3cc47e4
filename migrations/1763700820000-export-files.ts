import { MigrationInterface, QueryRunner } from 'typeorm';

export class ExportFiles1763700820000 implements MigrationInterface {
  name = 'ExportFiles1763700820000';

  async up(db: QueryRunner): Promise<void> {
    // Merchant exports and sales reports (decisions §9). The file is kept in PostgreSQL so that any
    // API instance can serve it; its bytes are in ~1 MiB chunks so that neither writing nor serving
    // ever holds a whole file in memory.
    await db.query(`
      CREATE TABLE export_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind varchar(16) NOT NULL CHECK (kind IN ('orders_export', 'sales_report')),
        status varchar(8) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed')),
        params jsonb NOT NULL DEFAULT '{}'::jsonb,
        row_count integer NULL CHECK (row_count >= 0),
        byte_size bigint NULL CHECK (byte_size >= 0),
        chunk_count integer NULL CHECK (chunk_count >= 0),
        error varchar(1000) NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        completed_at timestamptz NULL,
        expires_at timestamptz NOT NULL,
        CONSTRAINT export_files_ready_is_complete
          CHECK (status <> 'ready' OR (row_count IS NOT NULL AND byte_size IS NOT NULL AND chunk_count IS NOT NULL AND completed_at IS NOT NULL))
      )`);
    await db.query(`CREATE INDEX export_files_tenant_created_idx ON export_files (tenant_id, created_at DESC)`);
    await db.query(`CREATE INDEX export_files_expires_idx ON export_files (expires_at)`);
    await db.query(`
      CREATE TABLE export_file_chunks (
        file_id uuid NOT NULL REFERENCES export_files (id) ON DELETE CASCADE,
        seq integer NOT NULL CHECK (seq >= 0),
        data bytea NOT NULL,
        PRIMARY KEY (file_id, seq)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE export_file_chunks');
    await db.query('DROP TABLE export_files');
  }
}
