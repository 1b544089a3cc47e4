import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasBinary } from './private-servers';
import { SHARED_REDIS } from './test-env';

/**
 * Tests that need something a machine may lack (a shared Redis, a `redis-server` binary, initdb and
 * pg_ctl, a browser) skip where it is absent, and say why in one line. Each reason is recorded in
 * the run's directory (TEST_RUN_DIR, made by globalSetup) and printed once at the end of the run by
 * test/support/summary-reporter.js, with the files it skipped; outside such a run it is printed at once.
 *
 *   describeIf(requirements.redisServer)('Redis outage', () => { ... });
 */
export interface Requirement {
  met: boolean;
  /** Why the tests skip when it is not met, e.g. "no redis-server binary on PATH". */
  reason: string;
}

export const requirements = {
  /** A Redis shared by the suite (TEST_REDIS_URL) answers: absent in PostgreSQL-only mode. */
  sharedRedis: { met: SHARED_REDIS, reason: 'no shared Redis: this run is PostgreSQL-only' },
  /** A `redis-server` binary, for private Redis servers (test/support/private-servers.ts). */
  redisServer: { met: hasBinary('redis-server'), reason: 'no redis-server binary on PATH' },
  /** initdb and pg_ctl, for private PostgreSQL clusters (test/support/private-servers.ts). */
  postgresBinaries: { met: hasBinary('initdb') && hasBinary('pg_ctl'), reason: 'no initdb/pg_ctl on PATH' },
} satisfies Record<string, Requirement>;

/** A requirement of one's own: `requirement(existsSync(CHROMIUM), 'no Chromium at /usr/bin/chromium')`. */
export function requirement(met: boolean, reason: string): Requirement {
  return { met, reason };
}

/** `describe` when every requirement is met; otherwise `describe.skip`, and the first unmet reason is recorded. */
export function describeIf(...needs: Requirement[]): jest.Describe {
  const unmet = needs.find((need) => !need.met);
  if (!unmet) return describe;
  recordSkip(unmet.reason);
  return describe.skip;
}

/** `it` when every requirement is met; otherwise `it.skip`, and the first unmet reason is recorded. */
export function itIf(...needs: Requirement[]): jest.It {
  const unmet = needs.find((need) => !need.met);
  if (!unmet) return it;
  recordSkip(unmet.reason);
  return it.skip;
}

function recordSkip(reason: string): void {
  const file = expect.getState().testPath ?? 'a test file';
  const runDir = process.env.TEST_RUN_DIR;
  if (runDir) {
    appendFileSync(join(runDir, 'skips.jsonl'), `${JSON.stringify({ reason, file })}\n`);
  } else {
    process.stderr.write(`Skipped in ${file}: ${reason}\n`);
  }
}
