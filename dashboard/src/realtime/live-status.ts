import { useSyncExternalStore } from 'react';

/**
 * Whether the Socket.IO connection carries live updates: `paused` once it has been down for more
 * than PAUSED_AFTER_MS (a blip of a reconnect says nothing), `live` again when it reconnects.
 */
type LiveStatus = 'live' | 'paused';

const PAUSED_AFTER_MS = 5000;

type Listener = () => void;
const listeners = new Set<Listener>();
let status: LiveStatus = 'live';
let timer: number | undefined;

function set(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

export const liveStatus = {
  /** The socket is not connected (yet, or any more): paused if it stays so for PAUSED_AFTER_MS. */
  down(): void {
    if (timer !== undefined || status === 'paused') return;
    timer = window.setTimeout(() => {
      timer = undefined;
      set('paused');
    }, PAUSED_AFTER_MS);
  },
  up(): void {
    window.clearTimeout(timer);
    timer = undefined;
    set('live');
  },
};

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribe, () => status);
}
