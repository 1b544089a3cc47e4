import { MigrationInterface, QueryRunner } from 'typeorm';

export class PushSubscriptions1763700810000 implements MigrationInterface {
  name = 'PushSubscriptions1763700810000';

  async up(db: QueryRunner): Promise<void> {
    // One endpoint is one browser (its push service's address for it), so it is unique across
    // users: the browser of a user who signs out and another who signs in registers the same
    // endpoint, which then moves to the newcomer.
    await db.query(`
      CREATE TABLE push_subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint varchar(1000) NOT NULL,
        auth varchar(255) NOT NULL,
        p256dh varchar(255) NOT NULL,
        content_encoding varchar(50) NOT NULL DEFAULT 'aes128gcm',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT push_subscriptions_endpoint_key UNIQUE (endpoint),
        CONSTRAINT push_subscriptions_content_encoding_check CHECK (content_encoding IN ('aes128gcm', 'aesgcm'))
      )`);
    await db.query('CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE push_subscriptions');
  }
}
