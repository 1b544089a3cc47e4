import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The AI tokens spent per UTC day (decisions §15), one row per shop (`tenant:<id>`) and one for the
 * whole platform (`platform`). A call reserves its most expensive case here before the provider is
 * asked, under the cap, and settles to what the provider reported afterwards, so concurrent calls
 * never take a shop or the platform past its cap. A day's rows are of no use once it has passed:
 * rows older than a week are deleted as new days begin.
 */
export class AiDailyTokens1763701530000 implements MigrationInterface {
  name = 'AiDailyTokens1763701530000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE ai_daily_tokens (
        day date NOT NULL,
        scope varchar(64) NOT NULL,
        tokens bigint NOT NULL DEFAULT 0 CHECK (tokens >= 0),
        PRIMARY KEY (day, scope)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE ai_daily_tokens');
  }
}
