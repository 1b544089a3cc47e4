import { useSyncExternalStore } from 'react';

/**
 * What the dashboard knows about reaching the server, shown by the layout's banner: unreachable
 * (network error or 503) until a request gets through again, or rate limited until a moment.
 */
export type ConnectionState = { kind: 'ok' } | { kind: 'unreachable' } | { kind: 'rate-limited'; until: number };

type Listener = () => void;
const listeners = new Set<Listener>();
const retries = new Set<() => void>();
let state: ConnectionState = { kind: 'ok' };

function set(next: ConnectionState): void {
  if (next.kind === state.kind && (next.kind !== 'rate-limited' || (state.kind === 'rate-limited' && state.until === next.until))) return;
  state = next;
  for (const listener of listeners) listener();
}

export const connection = {
  reached(): void {
    if (state.kind === 'unreachable' || (state.kind === 'rate-limited' && state.until <= Date.now())) set({ kind: 'ok' });
  },
  unreachable(): void {
    set({ kind: 'unreachable' });
  },
  rateLimited(retryAfterSeconds: number): void {
    set({ kind: 'rate-limited', until: Date.now() + retryAfterSeconds * 1000 });
  },
  clear(): void {
    set({ kind: 'ok' });
  },
  /**
   * Something besides the failed queries to try again when the banner retries (a page whose code
   * did not load). Answers the function that takes it back.
   */
  onRetry(retry: () => void): () => void {
    retries.add(retry);
    return () => retries.delete(retry);
  },
  /** Runs every retry registered with onRetry; answers how many there were. */
  retryRegistered(): number {
    const pending = [...retries];
    for (const retry of pending) retry();
    return pending.length;
  },
};

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnection(): ConnectionState {
  return useSyncExternalStore(subscribe, () => state);
}
