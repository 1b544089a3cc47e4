/**
 * Which Redis servers are known to be silent: connected, but a command went unanswered within its
 * bound and no answer has come back since. The key-value store's command connection and the queues'
 * connections reach the same server. Each watches its own connection, says here when it falls silent
 * and when it hears back, and reads here whether any of them has. A request that needs Redis twice
 * (a rate-limit count, then a queue add) so waits out a bound at most once during a freeze, not once
 * per connection (docs/operations.md, "Frozen dependencies").
 *
 * Keyed by the server's address, so that apps of one process on different servers (tests do that)
 * never refuse each other's work.
 */
const watchersBySilentServer = new Map<string, Set<object>>();

/** `host:port` of a client's server; ioredis fills in its defaults, mocks may have no options. */
export function redisServerOf(client: { options?: { host?: string; port?: number } }): string {
  return `${client.options?.host ?? '127.0.0.1'}:${client.options?.port ?? 6379}`;
}

/** `watcher` (a store, a queue) had a command go unanswered on `server`. */
export function reportRedisSilent(server: string, watcher: object): void {
  let watchers = watchersBySilentServer.get(server);
  if (watchers === undefined) watchersBySilentServer.set(server, (watchers = new Set()));
  watchers.add(watcher);
}

/** `watcher` heard back from `server` (its PING answered), or stopped watching it (closed). */
export function reportRedisAnswered(server: string, watcher: object): void {
  const watchers = watchersBySilentServer.get(server);
  watchers?.delete(watcher);
  if (watchers?.size === 0) watchersBySilentServer.delete(server);
}

/** Whether any watcher of `server` is waiting for it to answer again. */
export function isRedisSilent(server: string): boolean {
  return watchersBySilentServer.has(server);
}
