import { AsyncLocalStorage } from 'node:async_hooks';

const storages = new Set<ScopedStorage<unknown>>();

/**
 * An AsyncLocalStorage switched on only while one of its scopes is open.
 *
 * On Node 20 an enabled AsyncLocalStorage installs process-wide async hooks: from then on every
 * promise and every native handle the process creates runs an init hook, in a scope or not. On the
 * intake that was about 50 µs of CPU a request (docs/benchmarks.md), paid because some earlier GET
 * or transaction had once used a storage. Here a storage is disabled again when its last scope
 * ends, and Node removes the hooks once no storage is enabled, so requests that open no scope (a
 * POST answered from caches and a queue) run without them.
 *
 * A scope ends when its work settles (`runUntilSettled`) or when the caller ends it (`runUntil`).
 * Work started in a scope and still running after it ended sees the store only while another scope
 * of the same storage is open (before, it always saw it), so a store must not be needed after its
 * scope. Where the storage is not built on async hooks (Node's AsyncContextFrame), it is never
 * disabled: there it costs nothing while unused.
 */
export class ScopedStorage<T> {
  private readonly storage = new AsyncLocalStorage<T>();
  private readonly hookBased = 'kResourceStore' in this.storage;
  private open = 0;

  constructor() {
    storages.add(this);
  }

  getStore(): T | undefined {
    return this.storage.getStore();
  }

  /** Runs `work` with `store`; the scope ends when the promise `work` returns settles. */
  async runUntilSettled<R>(store: T, work: () => Promise<R>): Promise<R> {
    const end = this.enter();
    try {
      return await this.storage.run(store, work);
    } finally {
      end();
    }
  }

  /**
   * Runs `work` with `store`; the scope lasts until the function given to `endWith` (before `work`
   * runs) is called. Calling it again does nothing.
   */
  runUntil(store: T, endWith: (end: () => void) => void, work: () => void): void {
    endWith(this.enter());
    this.storage.run(store, work);
  }

  /** Whether the storage has its async hooks installed now. */
  get hooked(): boolean {
    return (this.storage as unknown as { enabled?: boolean }).enabled === true;
  }

  private enter(): () => void {
    this.open += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.open -= 1;
      if (this.open === 0 && this.hookBased) this.storage.disable();
    };
  }
}

/** Whether any ScopedStorage of the process has its hooks installed (none once no scope is open). */
export function scopedStoragesHooked(): boolean {
  for (const storage of storages) if (storage.hooked) return true;
  return false;
}
