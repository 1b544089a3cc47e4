/**
 * Prints one plain closing line after Jest's own summary, e.g. "Tests: 120 passed, 0 failed, 2 skipped",
 * so that CI logs end with a count any tool can read.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const line = `Tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`;
    process.stdout.write(`\n${line}\n`);
  }
}

module.exports = SummaryReporter;
