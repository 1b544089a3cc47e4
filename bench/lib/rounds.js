'use strict';
/**
 * The method: on a noisy machine an absolute req/s figure says as much about the neighbours as
 * about the code. So each figure is taken in short rounds that alternate target, ceiling, target,
 * ceiling..., the ceiling being measured in the same run on the same machine; each adjacent pair
 * gives a ratio target/ceiling, and the median of those ratios is the result. Noise that lasts
 * longer than a pair hits both sides of it and cancels out; a burst inside one round spoils one
 * pair, which the median ignores.
 */
const { runLoad } = require('./load');
const { cpuMeter } = require('./cpu');
const { median, min, max } = require('./stats');

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function describeFailure(side, result) {
  const statuses = Object.entries(result.statusCounts)
    .map(([code, count]) => `${code}: ${count}`)
    .join(', ');
  return `${side}: ${result.unexpected} unexpected responses, ${result.errors} errors, ${result.timeouts} timeouts out of ${result.completed} responses${statuses ? ` (statuses ${statuses})` : ''}`;
}

async function measure(side, endpoint, load) {
  const serverCpu = endpoint.pid ? cpuMeter(endpoint.pid) : () => null;
  const result = await runLoad({ ...load, baseUrl: endpoint.url, spec: endpoint.spec });
  result.serverCpu = serverCpu();
  if (result.unexpected > 0 || result.errors > 0 || result.completed === 0) {
    throw new Error(`Round against the ${describeFailure(side, result)}. Fix the scenario (or the service) first: a benchmark of the error path measures nothing useful.`);
  }
  return result;
}

/**
 * @param {object} options
 * @param {{url, pid, spec}} options.target
 * @param {{url, pid, spec}} options.ceiling
 * @param {{tool, connections, duration, pipelining, threads}} options.load
 * @param {number} options.rounds pairs
 * @param {number} options.warmup seconds per side (0: none)
 * @param {(line: string) => void} options.log
 */
async function alternate({ target, ceiling, load, rounds, warmup, log }) {
  if (warmup > 0) {
    log(`  warm-up: ${warmup} s target, ${warmup} s ceiling`);
    await measure('target (warm-up)', target, { ...load, duration: warmup });
    await measure('ceiling (warm-up)', ceiling, { ...load, duration: warmup });
  }
  const pairs = [];
  for (let i = 1; i <= rounds; i++) {
    await pause(200);
    const t = await measure('target', target, load);
    await pause(200);
    const c = await measure('ceiling', ceiling, load);
    const ratio = t.reqPerSec / c.reqPerSec;
    pairs.push({ round: i, target: t, ceiling: c, ratio });
    log(
      `  round ${i}/${rounds}: target ${fmt(t.reqPerSec)} req/s p99 ${fmtMs(t.p99Ms)} ms | ceiling ${fmt(c.reqPerSec)} req/s p99 ${fmtMs(c.p99Ms)} ms | ratio ${ratio.toFixed(3)}`,
    );
  }
  const ratios = pairs.map((p) => p.ratio);
  return {
    pairs,
    summary: {
      rounds,
      targetReqPerSec: median(pairs.map((p) => p.target.reqPerSec)),
      targetP99Ms: median(pairs.map((p) => p.target.p99Ms)),
      ceilingReqPerSec: median(pairs.map((p) => p.ceiling.reqPerSec)),
      ceilingP99Ms: median(pairs.map((p) => p.ceiling.p99Ms)),
      ratio: median(ratios),
      ratioMin: min(ratios),
      ratioMax: max(ratios),
      targetServerCpu: median(pairs.map((p) => p.target.serverCpu)),
      ceilingServerCpu: median(pairs.map((p) => p.ceiling.serverCpu)),
      targetLoadgenCpu: median(pairs.map((p) => p.target.loadgenCpu)),
      ceilingLoadgenCpu: median(pairs.map((p) => p.ceiling.loadgenCpu)),
    },
  };
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n) => Number(n.toFixed(2));

/**
 * A scenario's declared targets, checked against the medians:
 *   { minRatio, maxP99Ms, minReqPerSec }
 */
function checkTargets(targets, summary) {
  if (!targets || Object.keys(targets).length === 0) return null;
  const checks = [];
  if (targets.minRatio !== undefined) checks.push({ what: `ratio ≥ ${targets.minRatio}`, pass: summary.ratio >= targets.minRatio });
  if (targets.maxP99Ms !== undefined) checks.push({ what: `p99 ≤ ${targets.maxP99Ms} ms`, pass: summary.targetP99Ms <= targets.maxP99Ms });
  if (targets.minReqPerSec !== undefined) checks.push({ what: `req/s ≥ ${targets.minReqPerSec}`, pass: summary.targetReqPerSec >= targets.minReqPerSec });
  const unknown = Object.keys(targets).filter((key) => !['minRatio', 'maxP99Ms', 'minReqPerSec'].includes(key));
  if (unknown.length) throw new Error(`Unknown target(s) ${unknown.join(', ')}: use minRatio, maxP99Ms, minReqPerSec`);
  return { checks, pass: checks.every((c) => c.pass) };
}

module.exports = { alternate, checkTargets };
