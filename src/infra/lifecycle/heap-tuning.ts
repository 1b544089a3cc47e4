import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings that depend on what the process does, set at start-up (the fixed heap limits are
 * node flags: the Dockerfile's NODE_OPTIONS, `npm run start:prod`).
 *
 * An `api` process lets its old generation double between full collections instead of V8's own
 * factor for a 384 MB limit (about 1.5). Requests that wait on PostgreSQL or Redis keep their
 * objects alive across young-generation collections (`GET /api/v1/user`: 11 KB promoted a request,
 * even with requests made with Express's prototypes, common/http/express-app.adapter.ts), so the
 * old generation fills at a steady pace, and each full collection marks the whole ~50 MiB heap on
 * the helper threads: at 1.5 one ran every ~1,700 such requests. Doubling makes them a third as
 * frequent, for ~35 MiB more resident memory at peak (docs/benchmarks.md, "Garbage collection"). Processes that run workers keep V8's factor: an
 * export of a million orders would grow twice as much (115 MiB against 60).
 */
export function heapFlagsFor(role: string): string[] {
  return role === 'api' ? ['--heap-growing-percent=100'] : [];
}

/** Applies heapFlagsFor(role) to this process; V8 reads them at each collection. */
export function tuneHeapFor(role: string): void {
  for (const flag of heapFlagsFor(role)) setFlagsFromString(flag);
}
