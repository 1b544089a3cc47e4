import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A shop's daily revenue is the sum of its orders' totals, each up to 9999999999.99
 * (numeric(12,2)): numeric(14,2) overflowed after 100 such orders in a day, and the OrderPlaced
 * delivery that tried to add one more failed on every retry. numeric(20,2) holds 10^8 of them.
 */
export class DailyRevenueWidth1763701551000 implements MigrationInterface {
  name = 'DailyRevenueWidth1763701551000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE tenant_daily_stats ALTER COLUMN revenue TYPE numeric(20,2)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE tenant_daily_stats ALTER COLUMN revenue TYPE numeric(14,2)`);
  }
}
