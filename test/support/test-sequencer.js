const Sequencer = require('@jest/test-sequencer').default;

/**
 * Files that weigh on the machine more than their length says, each kind spread over the run:
 * - browser files drive Chromium (10–60 s, a browser's processes beside the app);
 * - the `e2e-postgres` project's files run in PostgreSQL-only mode, where an app holds some 26
 *   connections (pool, queue pool, a LISTEN connection per queue worker): a few of them at once,
 *   some with two apps, would take the server's 100.
 */
const KINDS = [(test) => test.path.endsWith('.browser.e2e-spec.ts'), (test) => test.context.config.displayName?.name === 'e2e-postgres'];

/** `items` with `spread` placed at even intervals over the first three quarters, in their order. */
function interleave(items, spread) {
  if (spread.length === 0 || items.length === 0) return [...items, ...spread];
  const step = Math.floor((items.length * 3) / 4) / spread.length;
  const result = [];
  let next = 0;
  items.forEach((item, index) => {
    while (next < spread.length && index >= Math.floor(next * step)) result.push(spread[next++]);
    result.push(item);
  });
  return [...result, ...spread.slice(next)];
}

/**
 * The order files start in (docs/testing.md, "Order of the files"). Jest's own order first: files
 * that failed last time, then the slowest first (from its cache of the last run's durations; the
 * largest first when it has none, as on a fresh clone). Then each heavy kind is spread evenly over
 * the first three quarters of the run: left where Jest puts them they bunched (the largest files
 * are the browser files; the PostgreSQL-only files came one after another), three Chromiums or
 * PostgreSQL-only apps at once, or ran last, as the run's tail.
 */
class InterleavedSequencer extends Sequencer {
  sort(tests) {
    let ordered = super.sort(tests);
    for (const isKind of KINDS) {
      ordered = interleave(
        ordered.filter((test) => !isKind(test)),
        ordered.filter(isKind),
      );
    }
    return ordered;
  }
}

module.exports = InterleavedSequencer;
