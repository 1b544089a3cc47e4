import { MigrationInterface, QueryRunner } from 'typeorm';

export class SubscriptionReminders1763700830000 implements MigrationInterface {
  name = 'SubscriptionReminders1763700830000';

  async up(db: QueryRunner): Promise<void> {
    // One row per billing period reminded of: the claim that makes the reminder go out once, however
    // many runs (the daily job, the CLI) overlap, and long after the mail job has left Redis.
    await db.query(`
      CREATE TABLE subscription_reminders (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        period_ends_at timestamptz NOT NULL,
        user_id uuid NULL REFERENCES users(id) ON DELETE SET NULL,
        notified_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, period_ends_at)
      )`);
    await db.query('CREATE INDEX subscription_reminders_period_idx ON subscription_reminders (period_ends_at)');
    // The daily "ends within 72 h" read (accounts' SubscriptionsQueries) ranges over this.
    await db.query(
      'CREATE INDEX tenants_subscription_ends_at_idx ON tenants (subscription_ends_at) WHERE deleted_at IS NULL AND subscription_ends_at IS NOT NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX tenants_subscription_ends_at_idx');
    await db.query('DROP TABLE subscription_reminders');
  }
}
