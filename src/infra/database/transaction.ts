import { Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ScopedStorage } from '@common/util/scoped-storage';

type Effect = () => unknown;

interface OpenTransaction {
  manager: EntityManager;
  afterCommit: Effect[];
  /** Work that joined a transaction opened further out: it does not end the transaction. */
  joined?: boolean;
}

const current = new ScopedStorage<OpenTransaction>();
const logger = new Logger('Transaction');

/**
 * The one transaction convention (docs/architecture.md): a command handler runs its writes in
 * `inTransaction(dataSource, (manager) => ...)`, and every service it calls that writes takes that
 * `manager` as its first argument. A handler dispatched while another transaction is open (a CLI
 * seeding a whole shop) joins it instead of committing on its own, so "after commit" always means
 * after the outermost commit.
 */
export async function inTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const outer = current.getStore();
  if (outer) return outer.joined ? work(outer.manager) : current.runUntilSettled({ ...outer, joined: true }, () => work(outer.manager));
  const open: OpenTransaction = { manager: dataSource.manager, afterCommit: [] };
  const result = await dataSource.transaction((manager) => {
    open.manager = manager;
    return current.runUntilSettled(open, () => work(manager));
  });
  const failures: unknown[] = [];
  for (const effect of open.afterCommit) {
    const failure = await runEffect(effect);
    if (failure !== undefined) failures.push(failure);
  }
  if (options.effectsMustSucceed && failures.length > 0) throw new AfterCommitError(failures);
  return result;
}

export interface TransactionOptions {
  /**
   * Throw an AfterCommitError when an after-commit effect fails (the commit stands), for a caller
   * that can run the whole work again: the outbox processor, whose handlers are idempotent, undoes
   * its consumption marker so that the event's retry queues what was not queued.
   */
  effectsMustSucceed?: boolean;
}

/** After-commit effects failed once their transaction had committed; `failures` says why. */
export class AfterCommitError extends Error {
  constructor(readonly failures: unknown[]) {
    super(
      `${failures.length} after-commit effect(s) failed: ${failures.map((failure) => (failure as Error)?.message ?? String(failure)).join('; ')}`,
    );
    this.name = 'AfterCommitError';
  }
}

/** A pooled connection that can send a COMMIT right behind the next statement (typeorm-options.ts). */
interface CommitBehindClient {
  commitAfterNextQuery(): void;
}

/**
 * Has the COMMIT of the transaction `manager` belongs to sent right behind its next statement,
 * without waiting for that statement's answer: its locks are then released one turn of the event
 * loop earlier, which is what a shop's hot rows (order placement) are waiting for. The transaction
 * still ends as `inTransaction` ends it, with the answer of that COMMIT (a ROLLBACK if the
 * statement failed). Only for a transaction this work opened (not one it joined), and only when
 * nothing can fail between that statement and the end of `inTransaction`'s work. Returns false,
 * leaving the COMMIT where it was, otherwise.
 */
export function commitRightBehind(manager: EntityManager): boolean {
  const open = current.getStore();
  if (!open || open.joined || open.manager !== manager) return false;
  const client = (manager.queryRunner as { databaseConnection?: Partial<CommitBehindClient> } | undefined)?.databaseConnection;
  if (typeof client?.commitAfterNextQuery !== 'function') return false;
  client.commitAfterNextQuery();
  return true;
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

/** Runs one effect; a failure is logged and answered (undefined when it succeeded). */
async function runEffect(effect: Effect): Promise<unknown> {
  try {
    await effect();
    return undefined;
  } catch (error) {
    logger.error({ err: error }, 'An after-commit effect failed');
    return error ?? new Error('An after-commit effect failed');
  }
}
