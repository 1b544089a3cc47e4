import { MigrationInterface, QueryRunner } from 'typeorm';

export class Notifications1763700800000 implements MigrationInterface {
  name = 'Notifications1763700800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        tenant_id uuid NULL REFERENCES tenants(id) ON DELETE CASCADE,
        type varchar(64) NOT NULL,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        dedupe_key varchar(200) NOT NULL,
        read_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT notifications_user_dedupe_key UNIQUE (user_id, dedupe_key)
      )`);
    // "Unread first, then newest" per user (spec 4.6), read straight off the index.
    await db.query(
      `CREATE INDEX notifications_user_listing_idx ON notifications (user_id, (read_at IS NOT NULL), created_at DESC, id DESC)`,
    );
    await db.query(`CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE notifications');
  }
}
