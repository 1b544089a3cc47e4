import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { CombinedStatement } from '@infra/database/statements';
import { useTestApp } from '@test/support/test-app';

/**
 * Combined statements go as named prepared statements (infra/database/statements/prepared-statements.ts):
 * parsed and planned once per pooled connection, then run by name with new values.
 */
describe('Prepared statements: combined statements run by name on their pooled connection', () => {
  // One pooled connection, so every statement here runs on it, and `pg_prepared_statements` (which
  // lists the session's own) is read on it too. Role api: no workers to take that connection.
  const t = useTestApp({ role: 'api', env: { DATABASE_POOL_SIZE: '1' } });
  const db = () => t.get(DataSource);
  const marker = `prepared_${randomUUID().replace(/-/g, '')}`;

  /** value * 2, refused (a ValidationFailedError) when value is negative. */
  function doubled(value: number) {
    const statement = new CombinedStatement();
    statement.with(marker, `SELECT ${statement.param(value, 'int')} AS v`);
    statement.refusal(`${marker}_negative`, `SELECT v FROM ${marker} WHERE v < 0`, () => ValidationFailedError.field('value', 'negative'));
    return statement.run<{ doubled: number }>(db().manager, `SELECT (SELECT v * 2 FROM ${marker}) AS doubled`);
  }

  const preparedHere = (): Promise<Array<{ name: string; statement: string }>> =>
    db().query(`SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE $1`, [`%${marker}%`]);

  it('prepares a combined statement once and runs it by name with each call’s values, past the custom plans, after a refusal too', async () => {
    expect(await preparedHere()).toEqual([]);
    // PostgreSQL plans the first five runs for their values, then may switch to a generic plan.
    for (let value = 1; value <= 12; value++) {
      expect(await doubled(value)).toEqual({ doubled: value * 2 });
      if (value === 6) await expect(doubled(-1)).rejects.toThrow(ValidationFailedError);
    }
    const prepared = await preparedHere();
    expect(prepared).toHaveLength(1);
    expect(prepared[0].name).toMatch(/^sf_\d+$/);
  });

  it('leaves other statements unnamed', async () => {
    await db().query(`SELECT $1::text AS unmarked_${marker}`, ['x']);
    expect((await preparedHere()).filter(({ statement }) => statement.includes(`unmarked_${marker}`))).toEqual([]);
  });
});
