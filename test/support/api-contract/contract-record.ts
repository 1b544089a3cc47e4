import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Verdict } from './response-check';

/**
 * What the checks of one test file add up to, kept in memory and written once, when the file ends
 * (`flushContractRecord`, an afterAll of every e2e file: jest.config.js `setupFilesAfterEnv`), as
 * one line of `api-contract-counts.jsonl` in the run's directory (TEST_RUN_DIR, made by
 * test/support/summary-reporter.js, which adds the lines up at the end of the run). Test files run
 * in module registries of their own, so a counter in memory would not outlive its file.
 *
 * A mismatch is written as it is found, once per distinct (operation, status, problem) per file, to
 * `api-contract-mismatches.jsonl`; the reporter lists them by operation.
 */
export const COUNTS_FILE = 'api-contract-counts.jsonl';
export const MISMATCHES_FILE = 'api-contract-mismatches.jsonl';

const counts = { validated: 0, mismatches: 0, operations: new Set<string>() };
const written = new Set<string>();

export function recordChecked(verdict: Verdict): void {
  counts.validated += 1;
  if (!verdict.operation.startsWith('(')) counts.operations.add(verdict.operation);
}

export function recordMismatch(verdict: Verdict, mode: string, excerpt: string): void {
  counts.mismatches += 1;
  // Array indices vary from one response to the next; the mismatch does not.
  const errors = verdict.errors?.map((error) => error.replace(/\/\d+(?=\/|\s)/g, '/*'));
  const key = JSON.stringify([verdict.operation, verdict.method, verdict.template, verdict.status, verdict.problem, errors]);
  if (written.has(key)) return;
  written.add(key);
  const line = {
    operation: verdict.operation,
    method: verdict.method,
    path: verdict.template,
    status: verdict.status,
    problem: verdict.problem,
    ...(errors ? { errors } : {}),
    mode,
    file: testFile(),
    body: excerpt,
  };
  const runDir = process.env.TEST_RUN_DIR;
  if (runDir) appendFileSync(join(runDir, MISMATCHES_FILE), `${JSON.stringify(line)}\n`);
  else if (mode === 'report') process.stderr.write(`API contract mismatch: ${JSON.stringify(line)}\n`);
}

/** Writes the counts so far (nothing when nothing was checked) and starts again from zero. */
export function flushContractRecord(): void {
  const runDir = process.env.TEST_RUN_DIR;
  if (runDir && counts.validated > 0) {
    const line = {
      file: testFile(),
      validated: counts.validated,
      mismatches: counts.mismatches,
      operations: [...counts.operations].sort(),
    };
    appendFileSync(join(runDir, COUNTS_FILE), `${JSON.stringify(line)}\n`);
  }
  counts.validated = 0;
  counts.mismatches = 0;
  counts.operations.clear();
  written.clear();
}

function testFile(): string {
  const path = typeof expect === 'function' ? expect.getState().testPath : undefined;
  return path ? path.replace(`${process.cwd()}/`, '') : 'a test file';
}
