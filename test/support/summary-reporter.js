const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');

/** As test/support/api-contract/contract-request.ts (DEFAULT_CONTRACT_MODE). */
const DEFAULT_CONTRACT_MODE = 'enforce';

/**
 * Prints, after Jest's own summary, why tests were skipped (each reason once, with the files it
 * skipped: test/support/conditions.ts records them in TEST_RUN_DIR, made here for the run), the
 * responses checked against the API document (test/support/api-contract: the count, and each
 * distinct mismatch grouped by operation) and then one plain closing line, e.g. "Tests: 120 passed,
 * 0 failed, 2 skipped", so that CI logs end with a count any tool can read.
 */
class SummaryReporter {
  onRunStart() {
    // Set before the test files load (and before workers start), so every one of them inherits it.
    this.runDir = mkdtempSync(join(tmpdir(), 'storefront-test-run-'));
    process.env.TEST_RUN_DIR = this.runDir;
  }

  onRunComplete(_contexts, results) {
    const lines = [];
    if (process.env.TEST_POSTGRES === 'embedded')
      lines.push('PostgreSQL: embedded (no server on 127.0.0.1:5432, or TEST_DATABASE_URL=embedded)');
    if (process.env.TEST_REDIS === 'absent')
      lines.push('Redis: none answered at TEST_REDIS_URL, so the suite ran PostgreSQL-only (decisions §14)');
    const skipped = new Map();
    for (const { reason, file } of this.readSkips()) {
      const files = skipped.get(reason) ?? new Set();
      files.add(relative(process.cwd(), file));
      skipped.set(reason, files);
    }
    for (const [reason, files] of skipped) lines.push(`Skipped (${reason}): ${[...files].sort().join(', ')}`);
    const ranE2e = results.testResults.some((file) => file.testFilePath.includes(`${join('test', 'e2e')}/`));
    const contract = ranE2e ? this.contractLines() : { listing: [], closing: [] };
    lines.unshift(...contract.listing);
    lines.push(...contract.closing);
    const line = `Tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`;
    process.stdout.write(`\n${lines.map((text) => `${text}\n`).join('')}${line}\n`);
    if (this.runDir) rmSync(this.runDir, { recursive: true, force: true });
  }

  readSkips() {
    return this.readLines('skips.jsonl');
  }

  /**
   * The API contract's lines: each distinct mismatch once, under its operation (with the first file
   * that met it), then the count, e.g. "API contract (enforce): 12,345 responses validated against
   * the document (57 operations seen); 0 mismatches".
   */
  contractLines() {
    const mode = (process.env.API_CONTRACT ?? DEFAULT_CONTRACT_MODE).trim().toLowerCase();
    if (mode === 'off') return { listing: [], closing: ['API contract: off (API_CONTRACT=off), no response validated'] };
    let validated = 0;
    let mismatches = 0;
    const operations = new Set();
    for (const count of this.readLines('api-contract-counts.jsonl')) {
      validated += count.validated;
      mismatches += count.mismatches;
      for (const operation of count.operations) operations.add(operation);
    }
    const byOperation = new Map();
    for (const mismatch of this.readLines('api-contract-mismatches.jsonl')) {
      const heading = mismatch.operation.startsWith('(')
        ? mismatch.operation
        : `${mismatch.operation}: ${mismatch.method} ${mismatch.path}`;
      const distinct = byOperation.get(heading) ?? new Map();
      const what = [
        `${mismatch.method === 'HEAD' ? 'HEAD ' : ''}${mismatch.status}: ${mismatch.problem}`,
        ...(mismatch.errors ?? []).map((e) => `  ${e}`),
      ];
      if (mismatch.operation.startsWith('(')) what[0] = `${mismatch.method} ${mismatch.path} ${what[0]}`;
      const key = what.join('\n');
      const seen = distinct.get(key) ?? { what, files: new Set(), body: mismatch.body };
      seen.files.add(mismatch.file);
      distinct.set(key, seen);
      byOperation.set(heading, distinct);
    }
    const listing = [];
    let distinctCount = 0;
    if (byOperation.size) {
      listing.push(`API contract mismatches by operation (complete the document, never the check: docs/testing.md "Response validation"):`);
      for (const heading of [...byOperation.keys()].sort()) {
        listing.push(`  ${heading}`);
        for (const { what, files, body } of byOperation.get(heading).values()) {
          distinctCount += 1;
          const [first, ...more] = [...files].sort();
          const example = body ? [`      e.g. ${body.length > 120 ? `${body.slice(0, 120)}…` : body}`] : [];
          listing.push(
            `    ${what[0]}  [${first}${more.length ? ` and ${more.length} more` : ''}]`,
            ...what.slice(1).map((e) => `    ${e}`),
            ...example,
          );
        }
      }
    }
    const count = (n, one, many) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
    const summary =
      `API contract (${mode}): ${count(validated, 'response', 'responses')} validated against the document ` +
      `(${count(operations.size, 'operation', 'operations')} seen); ${count(mismatches, 'mismatch', 'mismatches')}` +
      (mismatches ? ` (${distinctCount.toLocaleString('en-US')} distinct, listed above)` : '');
    return { listing, closing: [summary] };
  }

  readLines(name) {
    if (!this.runDir) return [];
    try {
      return readFileSync(join(this.runDir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    } catch {
      return [];
    }
  }
}

module.exports = SummaryReporter;
