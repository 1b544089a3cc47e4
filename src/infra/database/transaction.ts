import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

type Effect = () => unknown;

interface OpenTransaction {
  manager: EntityManager;
  afterCommit: Effect[];
}

const current = new AsyncLocalStorage<OpenTransaction>();
const logger = new Logger('Transaction');

/**
 * The one transaction convention (docs/architecture.md): a command handler runs its writes in
 * `inTransaction(dataSource, (manager) => ...)`, and every service it calls that writes takes that
 * `manager` as its first argument. A handler dispatched while another transaction is open (a CLI
 * seeding a whole shop) joins it instead of committing on its own, so "after commit" always means
 * after the outermost commit.
 */
export async function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (outer) return work(outer.manager);
  const open: OpenTransaction = { manager: dataSource.manager, afterCommit: [] };
  const result = await dataSource.transaction((manager) => {
    open.manager = manager;
    return current.run(open, () => work(manager));
  });
  for (const effect of open.afterCommit) await runEffect(effect);
  return result;
}

/**
 * Runs `effect` once the transaction that `manager` belongs to has committed (at once when there is
 * none), and never if it rolls back: for effects outside the database, such as dropping a cache
 * that readers could otherwise refill from uncommitted state. Enqueued work that must not be lost
 * goes to the outbox instead. A failing effect is logged; the commit it follows stands.
 */
export async function afterCommit(manager: EntityManager, effect: Effect): Promise<void> {
  const open = current.getStore();
  if (open && open.manager === manager) {
    open.afterCommit.push(effect);
    return;
  }
  if (manager.queryRunner?.isTransactionActive) {
    throw new Error('afterCommit() got the manager of a transaction not opened by inTransaction()');
  }
  await runEffect(effect);
}

async function runEffect(effect: Effect): Promise<void> {
  try {
    await effect();
  } catch (error) {
    logger.error({ err: error }, 'An after-commit effect failed');
  }
}
