import { MigrationInterface, QueryRunner } from 'typeorm';

export class SecurityLogWindows1763700730000 implements MigrationInterface {
  name = 'SecurityLogWindows1763700730000';

  async up(db: QueryRunner): Promise<void> {
    // Events an attacker can repeat at will (a forged webhook signature) are counted instead of
    // written once per request: one row per (event, ip, minute), its details.count incremented by an
    // upsert. The unique index is what makes that hold across processes and under concurrency.
    // Ordinary entries keep window_start NULL and stay one row each.
    await db.query(`ALTER TABLE security_log ADD COLUMN window_start timestamptz NULL`);
    await db.query(`
      CREATE UNIQUE INDEX security_log_window_unique ON security_log (event, (coalesce(ip, '')), window_start)
        WHERE window_start IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX security_log_window_unique');
    await db.query('ALTER TABLE security_log DROP COLUMN window_start');
  }
}
