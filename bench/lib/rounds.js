'use strict';
/**
 * The method: on a noisy machine an absolute req/s figure says as much about the neighbours as
 * about the code. So each figure is taken in short rounds that alternate target, ceiling, target,
 * ceiling..., the ceiling being measured in the same run on the same machine; each adjacent pair
 * gives a ratio target/ceiling, and the median of those ratios is the result. Noise that lasts
 * longer than a pair hits both sides of it and cancels out; a burst inside one round spoils one
 * pair, which the median ignores.
 *
 * A scenario may have several ceilings: each round is then target, ceiling 1, ceiling 2..., and
 * every ceiling gets its own ratio (target / that ceiling, in the same round) and its own median.
 */
const { runLoad } = require('./load');
const { cpuMeter, groupCpuMeter } = require('./cpu');
const { median, min, max } = require('./stats');

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function describeFailure(side, result) {
  const statuses = Object.entries(result.statusCounts ?? {})
    .map(([code, count]) => `${code}: ${count}`)
    .join(', ');
  return `${side}: ${result.unexpected} unexpected responses, ${result.errors} errors, ${result.timeouts} timeouts out of ${result.completed} responses${statuses ? ` (statuses ${statuses})` : ''}`;
}

/**
 * One round against one side. An endpoint is { url, pid?, spec } (driven by the load generator)
 * or { measure(load), pid? } (a ceiling that generates its own load, e.g. pgbench; `measure`
 * resolves to the same figures as runLoad).
 */
async function measure(side, endpoint, load) {
  const serverCpu = endpoint.pid ? cpuMeter(endpoint.pid) : () => null;
  const postgresCpu = groupCpuMeter('postgres');
  const redisCpu = groupCpuMeter('redis-server');
  const result = endpoint.measure ? await endpoint.measure(load) : await runLoad({ ...load, baseUrl: endpoint.url, spec: endpoint.spec });
  result.serverCpu = result.serverCpu ?? serverCpu();
  result.postgresCpu = postgresCpu();
  result.redisCpu = redisCpu();
  if (result.unexpected > 0 || result.errors > 0 || result.completed === 0) {
    throw new Error(
      `Round against the ${describeFailure(side, result)}. Fix the scenario (or the service) first: a benchmark of the error path measures nothing useful.`,
    );
  }
  return result;
}

const summariseSide = (results) => ({
  reqPerSec: median(results.map((r) => r.reqPerSec)),
  p99Ms: median(results.map((r) => r.p99Ms)),
  serverCpu: median(results.map((r) => r.serverCpu)),
  loadgenCpu: median(results.map((r) => r.loadgenCpu)),
  postgresCpu: median(results.map((r) => r.postgresCpu)),
  redisCpu: median(results.map((r) => r.redisCpu)),
});

const summariseRatios = (ratios) => ({ ratio: median(ratios), ratioMin: min(ratios), ratioMax: max(ratios) });

/**
 * @param {object} options
 * @param {{url, pid, spec}} [options.target] the target (or give `targets`)
 * @param {Array<{name, url, pid, spec}>} [options.targets] several targets measured in the same rounds
 *   (e.g. the service in two modes); the first is the primary, whose figures keep the single-target names
 * @param {Array<{name, url?, pid?, spec?, measure?}>} options.ceilings at least one; the first is the primary
 * @param {{tool, connections, duration, pipelining, threads}} options.load
 * @param {number} options.rounds pairs (every target + every ceiling)
 * @param {number} options.warmup seconds per side (0: none)
 * @param {(line: string) => void} options.log
 */
async function alternate({ target, targets, ceilings, load, rounds, warmup, log }) {
  if (!Array.isArray(ceilings) || ceilings.length === 0) throw new Error('alternate() needs at least one ceiling');
  const measured = targets ?? [{ name: 'target', ...target }];
  if (measured.length === 0) throw new Error('alternate() needs a target');
  const label = (c) => (ceilings.length === 1 ? 'ceiling' : `ceiling ${c.name}`);
  const targetLabel = (t) => (measured.length === 1 ? 'target' : `target ${t.name}`);
  if (warmup > 0) {
    log(
      `  warm-up: ${warmup} s ${measured.length === 1 ? 'target' : `each of ${measured.length} targets`}, ${warmup} s ${ceilings.length === 1 ? 'ceiling' : `each of ${ceilings.length} ceilings`}`,
    );
    for (const t of measured) await measure(`${targetLabel(t)} (warm-up)`, t, { ...load, duration: warmup });
    for (const c of ceilings) await measure(`${label(c)} (warm-up)`, c, { ...load, duration: warmup });
  }
  const pairs = [];
  for (let i = 1; i <= rounds; i++) {
    const results = [];
    for (const t of measured) {
      await pause(200);
      results.push(await measure(targetLabel(t), t, load));
    }
    const sideResults = [];
    for (const c of ceilings) {
      await pause(200);
      sideResults.push({ name: c.name, result: await measure(label(c), c, load) });
    }
    const t = results[0];
    const sides = sideResults.map((s) => ({ ...s, ratio: t.reqPerSec / s.result.reqPerSec }));
    const targetSides = measured.map((m, index) => ({
      name: m.name,
      result: results[index],
      // This target's req/s over the primary target's, in the same round.
      relative: results[index].reqPerSec / t.reqPerSec,
      ratios: sideResults.map((s) => ({ name: s.name, ratio: results[index].reqPerSec / s.result.reqPerSec })),
    }));
    // `target`, `ceiling` and `ratio` are the primary target's and primary ceiling's, as with one of each.
    pairs.push({ round: i, target: t, ceiling: sides[0].result, ratio: sides[0].ratio, ceilings: sides, targets: targetSides });
    const shown =
      measured.length === 1
        ? []
        : targetSides
            .slice(1)
            .map(
              (s) =>
                `target ${s.name} ${fmt(s.result.reqPerSec)} req/s p99 ${fmtMs(s.result.p99Ms)} ms (${s.relative.toFixed(3)} of ${measured[0].name})`,
            );
    const others = sides.map(
      (s) => `${label(s)} ${fmt(s.result.reqPerSec)} req/s p99 ${fmtMs(s.result.p99Ms)} ms (ratio ${s.ratio.toFixed(3)})`,
    );
    log(
      `  round ${i}/${rounds}: ${targetLabel(measured[0])} ${fmt(t.reqPerSec)} req/s p99 ${fmtMs(t.p99Ms)} ms | ${[...shown, ...others].join(' | ')}`,
    );
  }
  const ceilingSummaries = ceilings.map((c, index) => {
    const results = pairs.map((p) => p.ceilings[index].result);
    return { name: c.name, ...summariseSide(results), ...summariseRatios(pairs.map((p) => p.ceilings[index].ratio)) };
  });
  const targetSummaries = measured.map((m, index) => ({
    name: m.name,
    ...summariseSide(pairs.map((p) => p.targets[index].result)),
    relative: summariseRatios(pairs.map((p) => p.targets[index].relative)),
    ratios: ceilings.map((c, ci) => ({ name: c.name, ...summariseRatios(pairs.map((p) => p.targets[index].ratios[ci].ratio)) })),
  }));
  const primary = ceilingSummaries[0];
  const main = targetSummaries[0];
  return {
    pairs,
    summary: {
      rounds,
      targetReqPerSec: main.reqPerSec,
      targetP99Ms: main.p99Ms,
      targetServerCpu: main.serverCpu,
      targetLoadgenCpu: main.loadgenCpu,
      targetPostgresCpu: main.postgresCpu,
      targetRedisCpu: main.redisCpu,
      // The primary ceiling, under the names a single-ceiling scenario has always used.
      ceilingReqPerSec: primary.reqPerSec,
      ceilingP99Ms: primary.p99Ms,
      ratio: primary.ratio,
      ratioMin: primary.ratioMin,
      ratioMax: primary.ratioMax,
      ceilingServerCpu: primary.serverCpu,
      ceilingLoadgenCpu: primary.loadgenCpu,
      ceilings: ceilingSummaries,
      targets: targetSummaries,
    },
  };
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n) => (n === null || n === undefined ? '—' : Number(n.toFixed(2)));

const TARGET_KEYS = ['minRatio', 'maxP99Ms', 'minReqPerSec'];

/**
 * A scenario's declared targets, checked against the medians:
 *   { minRatio, maxP99Ms, minReqPerSec }
 * `minRatio` is a number (against the first ceiling) or { <ceiling name>: number, ... }.
 */
function checkTargets(targets, summary) {
  if (!targets || Object.keys(targets).length === 0) return null;
  const unknown = Object.keys(targets).filter((key) => !TARGET_KEYS.includes(key));
  if (unknown.length) throw new Error(`Unknown target(s) ${unknown.join(', ')}: use ${TARGET_KEYS.join(', ')}`);
  const checks = [];
  if (typeof targets.minRatio === 'number') {
    const several = (summary.ceilings ?? []).length > 1;
    checks.push({
      what: several ? `ratio to ${summary.ceilings[0].name} ≥ ${targets.minRatio}` : `ratio ≥ ${targets.minRatio}`,
      pass: summary.ratio >= targets.minRatio,
    });
  } else if (targets.minRatio && typeof targets.minRatio === 'object') {
    const several = (summary.ceilings ?? []).length > 1;
    for (const [name, wanted] of Object.entries(targets.minRatio)) {
      const ceiling = (summary.ceilings ?? []).find((c) => c.name === name);
      if (!ceiling) throw new Error(`Target minRatio names ceiling "${name}", which the scenario does not have`);
      checks.push({ what: several ? `ratio to ${name} ≥ ${wanted}` : `ratio ≥ ${wanted}`, pass: ceiling.ratio >= wanted });
    }
  }
  if (targets.maxP99Ms !== undefined) checks.push({ what: `p99 ≤ ${targets.maxP99Ms} ms`, pass: summary.targetP99Ms <= targets.maxP99Ms });
  if (targets.minReqPerSec !== undefined)
    checks.push({ what: `req/s ≥ ${targets.minReqPerSec}`, pass: summary.targetReqPerSec >= targets.minReqPerSec });
  return { checks, pass: checks.every((c) => c.pass) };
}

/** Throws when `targets` could not be checked against a scenario with these ceiling names. */
function validateTargets(targets, ceilingNames) {
  if (!targets) return;
  const unknown = Object.keys(targets).filter((key) => !TARGET_KEYS.includes(key));
  if (unknown.length) throw new Error(`unknown target(s) ${unknown.join(', ')}; use ${TARGET_KEYS.join(', ')}`);
  if (targets.minRatio !== undefined && typeof targets.minRatio !== 'number') {
    if (!targets.minRatio || typeof targets.minRatio !== 'object')
      throw new Error('minRatio must be a number or { <ceiling name>: number }');
    for (const name of Object.keys(targets.minRatio)) {
      if (!ceilingNames.includes(name)) throw new Error(`minRatio names ceiling "${name}"; the ceilings are ${ceilingNames.join(', ')}`);
    }
  }
}

module.exports = { alternate, checkTargets, validateTargets, TARGET_KEYS };
