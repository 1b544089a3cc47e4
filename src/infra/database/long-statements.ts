import type { EntityManager } from 'typeorm';

/**
 * Raises the server-side statement bound (DATABASE_STATEMENT_TIMEOUT_MS, set on every pooled
 * connection) to `ms` for the rest of `manager`'s open transaction only: long legitimate work such
 * as an export streaming a shop's orders through a cursor. The connection returns to the pool with
 * the pool's bound again, whether the transaction commits or not.
 */
export async function allowLongStatements(manager: EntityManager, ms: number): Promise<void> {
  if (!manager.queryRunner?.isTransactionActive) throw new Error('allowLongStatements needs the manager of an open transaction');
  await manager.query(`SELECT set_config('statement_timeout', $1, true)`, [String(ms)]);
}
