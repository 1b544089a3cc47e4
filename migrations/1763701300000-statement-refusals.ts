import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `statement_refusal(name, rows)`: fails the statement that calls it (SQLSTATE SF422), carrying the
 * refusing part's name and rows as JSON in DETAIL. A CombinedStatement refusal calls it when its
 * part returns rows, so a check that once ran in Node after the statement runs inside it, and a
 * transaction can send its COMMIT right behind that statement (infra/database/statements/combined-statement.ts).
 */
export class StatementRefusals1763701300000 implements MigrationInterface {
  name = 'StatementRefusals1763701300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION statement_refusal(p_name text, p_rows json) RETURNS int LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION USING ERRCODE = 'SF422', MESSAGE = 'statement refused: ' || p_name,
          DETAIL = json_build_object('refusal', p_name, 'rows', p_rows)::text;
      END $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP FUNCTION statement_refusal(text, json)');
  }
}
