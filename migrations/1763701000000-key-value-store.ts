import { MigrationInterface, QueryRunner } from 'typeorm';

export class KeyValueStore1763701000000 implements MigrationInterface {
  name = 'KeyValueStore1763701000000';

  async up(db: QueryRunner): Promise<void> {
    // The PostgreSQL store (STORE_BACKEND=postgres): short-lived state only, so UNLOGGED (no WAL;
    // emptied after a crash of the server, as a Redis without persistence would be). Keys are built
    // by the service from bounded values; the check keeps a bug from filling the index.
    await db.query(`
      CREATE UNLOGGED TABLE kv_store (
        key text PRIMARY KEY CHECK (char_length(key) BETWEEN 1 AND 512),
        value text NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX kv_store_expires_at ON kv_store (expires_at)`);
    await db.query(`
      CREATE UNLOGGED TABLE kv_counters (
        key text PRIMARY KEY CHECK (char_length(key) BETWEEN 1 AND 512),
        count bigint NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX kv_counters_expires_at ON kv_counters (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE kv_counters`);
    await db.query(`DROP TABLE kv_store`);
  }
}
