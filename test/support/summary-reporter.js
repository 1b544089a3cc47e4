const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');

/**
 * Prints, after Jest's own summary, why tests were skipped (each reason once, with the files it
 * skipped: test/support/conditions.ts records them in TEST_RUN_DIR, made here for the run) and then
 * one plain closing line, e.g. "Tests: 120 passed, 0 failed, 2 skipped", so that CI logs end with a
 * count any tool can read.
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
    const line = `Tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`;
    process.stdout.write(`\n${lines.map((text) => `${text}\n`).join('')}${line}\n`);
    if (this.runDir) rmSync(this.runDir, { recursive: true, force: true });
  }

  readSkips() {
    if (!this.runDir) return [];
    try {
      return readFileSync(join(this.runDir, 'skips.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    } catch {
      return [];
    }
  }
}

module.exports = SummaryReporter;
