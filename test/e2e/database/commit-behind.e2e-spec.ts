import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { CombinedStatement } from '@infra/database/statements';
import { inTransaction } from '@infra/database/transaction';
import { useStarted } from '@test/support/lifecycle';
import { TEST_DATABASE_URL } from '@test/support/test-env';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/**
 * A transaction's last statement run with `commit` has its COMMIT sent right behind it (order
 * placement: the shop's hot rows are released a turn of the event loop earlier); a refusal fails
 * the statement inside PostgreSQL, so nothing of it stands; a joined transaction is never ended early.
 */
describe('CombinedStatement: COMMIT right behind the last statement, refusals inside it', () => {
  // One pooled connection, so every transaction here reuses the one before it. Role api: no
  // workers, whose jobs would take that one connection too (on a loaded machine a test then waited
  // out the pool's 10 s for it).
  const t = useTestApp({ role: 'api', env: { DATABASE_POOL_SIZE: '1' } });
  const table = `commit_behind_${randomUUID().replace(/-/g, '')}`;
  const other = useStarted(
    async () => {
      const client = new Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`CREATE TABLE ${table} (id int PRIMARY KEY, n int NOT NULL)`);
      await client.query(`INSERT INTO ${table} VALUES (1, 0)`);
      return { client };
    },
    async ({ client }) => {
      await client.query(`DROP TABLE ${table}`);
      await client.end();
    },
  );
  const db = () => t.get(DataSource);
  /** Whether another connection can take the row's lock now (it is free: its transaction ended). */
  const rowFree = async () => {
    await other.client.query('BEGIN');
    try {
      await other.client.query(`SELECT 1 FROM ${table} WHERE id = 1 FOR UPDATE NOWAIT`);
      return true;
    } catch {
      return false;
    } finally {
      await other.client.query('ROLLBACK');
    }
  };
  const n = async () => (await other.client.query(`SELECT n FROM ${table} WHERE id = 1`)).rows[0].n as number;
  const bump = (refuse = false) => {
    const statement = new CombinedStatement();
    statement.with('bumped', `UPDATE ${table} SET n = n + 1 WHERE id = 1 RETURNING id, n`);
    statement.refusal<{ id: number }>('too_many', `SELECT id FROM bumped WHERE ${refuse ? 'true' : 'false'}`, (rows) =>
      ValidationFailedError.field('n', `refused ${rows.map((row) => row.id).join(',')}`),
    );
    return statement;
  };

  it('releases the locks before the work returns: the COMMIT went out right behind the statement', async () => {
    const before = await n();
    let freeInside = false;
    await inTransaction(db(), async (manager) => {
      await bump().run(manager, 'SELECT 1', { commit: true });
      // Still inside the transaction's work: only a COMMIT already sent frees the row.
      freeInside = await waitFor(rowFree, { timeoutMs: 2_000, what: 'the row lock released' }).then(
        () => true,
        () => false,
      );
    });
    expect(freeInside).toBe(true);
    expect(await n()).toBe(before + 1);
  });

  it('keeps the locks to the end without `commit`', async () => {
    await inTransaction(db(), async (manager) => {
      await bump().run(manager, 'SELECT 1');
      expect(await rowFree()).toBe(false);
    });
    expect(await rowFree()).toBe(true);
  });

  it('refuses inside PostgreSQL: the refusal’s error, nothing written, and the connection serves the next transaction', async () => {
    const before = await n();
    const refused = inTransaction(db(), (manager) => bump(true).run(manager, 'SELECT 1', { commit: true }));
    await expect(refused).rejects.toBeInstanceOf(ValidationFailedError);
    await expect(refused).rejects.toMatchObject({ errors: { n: ['refused 1'] } });
    expect(await n()).toBe(before);
    await inTransaction(db(), (manager) => bump().run(manager, 'SELECT 1', { commit: true }));
    expect(await n()).toBe(before + 1);
    expect(await db().query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('never ends a transaction it joined early: the outer work still rolls it all back', async () => {
    const before = await n();
    const failing = inTransaction(db(), async (outer) => {
      await inTransaction(db(), (manager) => bump().run(manager, 'SELECT 1', { commit: true }));
      expect(await rowFree()).toBe(false);
      await outer.query('SELECT 1');
      throw new Error('the outer work fails');
    });
    await expect(failing).rejects.toThrow('the outer work fails');
    expect(await n()).toBe(before);
  });

  it('refuses `commit` for a statement with checks that would run after it', async () => {
    const statement = new CombinedStatement();
    statement.output('checked', 'SELECT 1 AS one', () => undefined);
    await expect(inTransaction(db(), (manager) => statement.run(manager, 'SELECT 1', { commit: true }))).rejects.toThrow(/refusal\(\)/);
  });
});
