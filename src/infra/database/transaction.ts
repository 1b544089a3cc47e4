import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';

const currentManager = new AsyncLocalStorage<EntityManager>();

/**
 * Runs `work` in one transaction and makes its manager reachable to code that cannot take it as an
 * argument (the CQRS event publisher writing to the outbox). Nested calls join the outer
 * transaction instead of opening a second connection.
 */
export async function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const outer = currentManager.getStore();
  if (outer) return work(outer);
  return dataSource.transaction((manager) => currentManager.run(manager, () => work(manager)));
}

export function activeTransaction(): EntityManager | undefined {
  return currentManager.getStore();
}
