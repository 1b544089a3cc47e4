import { ChangeGenerations } from './change-generations';

/** What an entry costs beyond its own bytes: the key's slot, the entry's objects. */
const ENTRY_OVERHEAD_BYTES = 128;

export interface FreshValuesOptions<V> {
  /** How long a value read is served without reading again. */
  freshMs: number;
  /** All entries together (keys and the values' `bytesOf`). */
  maxBytes: number;
  /** The shop a value belongs to; null for an absence (no such shop), which any change of any shop drops. */
  tenantOf: (value: V) => string | null;
  /** An estimate of what a value holds, in bytes. */
  bytesOf: (value: V) => number;
  clock?: () => number;
}

interface Entry<V> {
  value: V;
  tenantId: string | null;
  readAt: number;
  bytes: number;
}

/**
 * Values read from the database, served from memory for `freshMs` (docs/storefront.md, "Served
 * from memory"): concurrent misses of one key share one read; a change of a shop drops its values
 * and every absence (a change may be the shop that was missing), and a read that began before the
 * change is not kept; all entries together stay within `maxBytes`, least recently used out first.
 */
export class FreshValues<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly reading = new Map<string, Promise<V>>();
  private readonly generations = new ChangeGenerations();
  private readonly clock: () => number;
  private bytes = 0;
  private lastSweep: number;

  constructor(private readonly options: FreshValuesOptions<V>) {
    this.clock = options.clock ?? Date.now;
    this.lastSweep = this.clock();
  }

  get(key: string, read: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && this.clock() - entry.readAt < this.options.freshMs) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return Promise.resolve(entry.value);
    }
    const pending = this.reading.get(key);
    if (pending) return pending;
    const ticket = this.generations.begin();
    const next = read().then(
      (value) => {
        this.reading.delete(key);
        this.generations.end(ticket);
        const tenantId = this.options.tenantOf(value);
        const keep = tenantId === null ? this.generations.quietSince(ticket) : this.generations.mayKeep(ticket, tenantId);
        this.remove(key);
        if (keep) this.keep(key, value, tenantId);
        return value;
      },
      (error: unknown) => {
        this.reading.delete(key);
        this.generations.end(ticket);
        throw error;
      },
    );
    this.reading.set(key, next);
    return next;
  }

  /** A shop changed: its values go, and every absence; a read under way is not kept. */
  invalidate(tenantId: string): void {
    this.generations.changed(tenantId);
    for (const [key, entry] of this.entries) if (entry.tenantId === tenantId || entry.tenantId === null) this.remove(key);
  }

  /** Changes may have been missed: everything goes. */
  clear(): void {
    this.generations.reset();
    for (const key of [...this.entries.keys()]) this.remove(key);
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  private keep(key: string, value: V, tenantId: string | null): void {
    if (this.options.freshMs <= 0) return;
    this.sweep();
    const bytes = key.length * 2 + this.options.bytesOf(value) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.options.maxBytes) return;
    this.entries.set(key, { value, tenantId, readAt: this.clock(), bytes });
    this.bytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** At most once per freshness, a walk drops the entries past it. */
  private sweep(): void {
    const now = this.clock();
    if (now - this.lastSweep < this.options.freshMs) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (now - entry.readAt >= this.options.freshMs) this.remove(key);
  }
}
