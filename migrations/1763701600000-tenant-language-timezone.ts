import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shop's language and time zone (decisions §19): the mails to its people are written in its
 * language and show dates in its time zone. Spanish and Tegucigalpa unless the shop says otherwise.
 */
export class TenantLanguageTimezone1763701600000 implements MigrationInterface {
  name = 'TenantLanguageTimezone1763701600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE tenants
        ADD COLUMN language varchar(2) NOT NULL DEFAULT 'es' CONSTRAINT tenants_language_check CHECK (language IN ('es', 'en')),
        ADD COLUMN timezone varchar(64) NOT NULL DEFAULT 'America/Tegucigalpa'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE tenants DROP COLUMN timezone, DROP COLUMN language`);
  }
}
