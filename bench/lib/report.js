'use strict';
/**
 * Output: a table on stdout, and the generated section of docs/benchmarks.md. The file's text
 * outside `<!-- bench:start -->` / `<!-- bench:end -->` is hand-written and never touched. Inside,
 * each scenario has its own block, so a run limited with `--only` replaces just the blocks it ran
 * and keeps the others' last figures.
 *
 * A scenario measured with the service in both modes (Redis, PostgreSQL only) also has a block
 * between `<!-- bench:modes:start -->` / `<!-- bench:modes:end -->`: the two modes side by side.
 * Its block among the others keeps showing the Redis mode against the Redis-mode ceilings.
 */
const fs = require('node:fs');

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';
const blockOpen = (name) => `<!-- bench:scenario ${name} -->`;
const blockClose = (name) => `<!-- /bench:scenario ${name} -->`;
const BLOCK = /<!-- bench:scenario (\S+) -->\n[\s\S]*?<!-- \/bench:scenario \1 -->/g;
const MODES_START = '<!-- bench:modes:start -->';
const MODES_END = '<!-- bench:modes:end -->';
const modesOpen = (name) => `<!-- bench:modes ${name} -->`;
const modesClose = (name) => `<!-- /bench:modes ${name} -->`;
const MODES_BLOCK = /<!-- bench:modes (\S+) -->\n[\s\S]*?<!-- \/bench:modes \1 -->/g;
const MODE_TITLES = { redis: 'Redis + PostgreSQL', 'postgres-only': 'PostgreSQL only' };

const int = (n) => (n === null || n === undefined ? '—' : Math.round(n).toLocaleString('en-US'));
const ms = (n) => (n === null || n === undefined ? '—' : `${Number(n.toFixed(2))} ms`);
const ratio = (n) => (n === null || n === undefined ? '—' : n.toFixed(3));
const pct = (n) => (n === null || n === undefined ? '—' : `${Math.round(n * 100)} %`);
const micros = (cpu, reqPerSec) => (cpu === null || cpu === undefined || !reqPerSec ? '—' : `${int((cpu / reqPerSec) * 1e6)} µs`);
const modesOf = (o) => o.modes ?? ['redis'];

const checkList = (check) => check.checks.map((c) => `${c.what} ${c.pass ? 'met' : 'missed'}`).join(', ');

function targetText(outcome) {
  if (!outcome.check) return 'none declared';
  return `**${outcome.check.pass ? 'PASS' : 'FAIL'}** (${checkList(outcome.check)})`;
}

/** The ceilings of an outcome with their figures (older outcomes had a single one). */
function ceilingsOf(o) {
  const described = o.ceilingDescriptions ?? [{ name: 'ceiling', description: o.ceilingDescription }];
  const summaries = o.summary.ceilings ?? [
    {
      name: described[0].name,
      reqPerSec: o.summary.ceilingReqPerSec,
      p99Ms: o.summary.ceilingP99Ms,
      ratio: o.summary.ratio,
      ratioMin: o.summary.ratioMin,
      ratioMax: o.summary.ratioMax,
      serverCpu: o.summary.ceilingServerCpu,
      loadgenCpu: o.summary.ceilingLoadgenCpu,
    },
  ];
  return summaries.map((summary, index) => ({ ...summary, description: described[index]?.description ?? summary.name }));
}

/** Plain-text table for the terminal: one line per scenario and ceiling. */
function consoleTable(outcomes) {
  const header = [
    'scenario',
    'ceiling',
    'rounds',
    'target req/s',
    'target p99',
    'ceiling req/s',
    'ceiling p99',
    'ratio',
    'range',
    'target',
  ];
  const rows = [];
  for (const o of outcomes) {
    const ceilings = ceilingsOf(o);
    const targets = o.summary.targets ?? [
      { name: modesOf(o)[0], reqPerSec: o.summary.targetReqPerSec, p99Ms: o.summary.targetP99Ms, ratios: ceilings },
    ];
    const labelled = targets.length > 1 || targets[0].name !== 'redis';
    targets.forEach((t, ti) => {
      ceilings.forEach((c, index) => {
        const r = t.ratios[index];
        rows.push([
          index === 0 ? (labelled ? `${ti === 0 ? o.name : ''} [${t.name}]` : o.name) : '',
          c.name,
          index === 0 && ti === 0 ? String(o.summary.rounds) : '',
          index === 0 ? int(t.reqPerSec) : '',
          index === 0 ? ms(t.p99Ms) : '',
          int(c.reqPerSec),
          ms(c.p99Ms),
          ratio(r.ratio),
          `${ratio(r.ratioMin)}–${ratio(r.ratioMax)}`,
          index === 0 && ti === 0 ? (o.check ? `${o.check.pass ? 'PASS' : 'FAIL'} (${checkList(o.check)})` : '—') : '',
        ]);
      });
    });
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const anyValue = (values) => values.some((v) => v !== null && v !== undefined);

/** The markdown block of one scenario. */
function scenarioBlock(o) {
  if (o.markdown) return [blockOpen(o.name), o.markdown, blockClose(o.name)].join('\n');
  const s = o.summary;
  const ceilings = ceilingsOf(o);
  const single = ceilings.length === 1;
  const label = (c) => (single ? 'ceiling' : `ceiling \`${c.name}\``);
  const cpuRow = (what, targetValue, key) => {
    const values = [targetValue, ...ceilings.map((c) => c[key])];
    return anyValue(values)
      ? [
          `| ${what}, target / ${single ? 'ceiling' : ceilings.map((c) => c.name).join(' / ')} (median) | ${values.map(pct).join(' / ')} of one core |`,
        ]
      : [];
  };
  const envEntries = Object.entries(o.serviceEnv ?? {});
  const lines = [
    blockOpen(o.name),
    `### ${o.name}: ${o.title}`,
    '',
    ...(single
      ? [`Ceiling: ${ceilings[0].description}.`]
      : ['Ceilings, measured in the same rounds:', '', ...ceilings.map((c) => `- \`${c.name}\`: ${c.description}.`)]),
    ...(o.notes ? ['', o.notes] : []),
    '',
    '| figure | value |',
    '|---|---|',
    single
      ? `| rounds | ${s.rounds} pairs of ${o.load.duration} s (after ${o.warmup} s warm-up per side), ${o.load.connections} connections, ${o.toolVersion} |`
      : `| rounds | ${s.rounds} rounds of ${o.load.duration} s per side (target, then each of the ${ceilings.length} ceilings; after ${o.warmup} s warm-up per side), ${o.load.connections} connections, ${o.toolVersion} |`,
    ...(envEntries.length ? [`| service settings for this scenario | ${envEntries.map(([k, v]) => `\`${k}=${v}\``).join(', ')} |`] : []),
    `| target req/s (median) | ${int(s.targetReqPerSec)} |`,
    `| target p99 (median) | ${ms(s.targetP99Ms)} |`,
    ...ceilings.flatMap((c) => [`| ${label(c)} req/s (median) | ${int(c.reqPerSec)} |`, `| ${label(c)} p99 (median) | ${ms(c.p99Ms)} |`]),
    ...ceilings.map(
      (c) =>
        `| **ratio target/${single ? 'ceiling' : `\`${c.name}\``} (median of ${single ? 'pairs' : 'rounds'})** | **${ratio(c.ratio)}** (${single ? 'pairs' : 'rounds'} range ${ratio(c.ratioMin)}–${ratio(c.ratioMax)}) |`,
    ),
    `| target | ${targetText(o)} |`,
    ...cpuRow('server CPU', s.targetServerCpu, 'serverCpu'),
    ...cpuRow('load generator CPU', s.targetLoadgenCpu, 'loadgenCpu'),
    ...cpuRow('PostgreSQL CPU (all backends)', s.targetPostgresCpu, 'postgresCpu'),
    ...cpuRow('Redis CPU', s.targetRedisCpu, 'redisCpu'),
    `| date | ${o.date} |`,
    `| node | ${o.env.node} |`,
    `| machine | ${o.env.machine} |`,
    `| commit | ${o.env.commit} |`,
    '',
    `| ${single ? 'pair' : 'round'} | target req/s | target p99 | ${ceilings.map((c) => (single ? 'ceiling req/s | ceiling p99 | ratio' : `${c.name} req/s | ${c.name} p99 | ratio to ${c.name}`)).join(' | ')} |`,
    `|---:|---:|---:|${ceilings.map(() => '---:|---:|---:|').join('')}`,
    ...o.pairs.map((p) => {
      const sides = p.ceilings ?? [{ result: p.ceiling, ratio: p.ratio }];
      return `| ${p.round} | ${int(p.target.reqPerSec)} | ${ms(p.target.p99Ms)} | ${sides.map((c) => `${int(c.result.reqPerSec)} | ${ms(c.result.p99Ms)} | ${ratio(c.ratio)}`).join(' | ')} |`;
    }),
    blockClose(o.name),
  ];
  return lines.join('\n');
}

/**
 * The Redis-mode part of an outcome measured in several modes: the first target (Redis) and the
 * ceilings made for that mode, as a run of that mode alone would give them, with a note that the
 * rounds also measured the other mode. Outcomes of one mode are returned as they are.
 */
function redisView(o) {
  const modes = modesOf(o);
  if (modes.length === 1) return o;
  const keep = (o.ceilingModes ?? []).map((m) => !m || m.includes(modes[0]));
  const pick = (list) => list.filter((_, index) => keep[index]);
  const ceilings = pick(o.summary.ceilings);
  const primary = ceilings[0];
  return {
    ...o,
    modes: [modes[0]],
    ceilingDescriptions: pick(o.ceilingDescriptions),
    ceilingDescription: pick(o.ceilingDescriptions)[0].description,
    notes: `${o.notes ? `${o.notes} ` : ''}Measured in a run of both service modes: each round also measured the service in PostgreSQL-only mode (see "Redis or PostgreSQL only").`,
    summary: {
      ...o.summary,
      ceilingReqPerSec: primary.reqPerSec,
      ceilingP99Ms: primary.p99Ms,
      ratio: primary.ratio,
      ratioMin: primary.ratioMin,
      ratioMax: primary.ratioMax,
      ceilingServerCpu: primary.serverCpu,
      ceilingLoadgenCpu: primary.loadgenCpu,
      ceilings,
      targets: undefined,
    },
    pairs: o.pairs.map((p) => {
      const sides = pick(p.ceilings);
      return { ...p, ceiling: sides[0].result, ratio: sides[0].ratio, ceilings: sides, targets: undefined };
    }),
  };
}

/** The markdown block of a scenario measured with the service in several modes: the modes side by side. */
function modesBlock(o) {
  const s = o.summary;
  const ceilings = ceilingsOf(o);
  const targets = s.targets;
  const head = `| figure | ${targets.map((t) => MODE_TITLES[t.name] ?? t.name).join(' | ')} |`;
  const row = (what, cell) => `| ${what} | ${targets.map(cell).join(' | ')} |`;
  const range = (r) => `${ratio(r.ratio)} (${ratio(r.ratioMin)}–${ratio(r.ratioMax)})`;
  const envEntries = Object.entries(o.serviceEnv ?? {});
  const lines = [
    modesOpen(o.name),
    `### ${o.name}: ${o.title}`,
    '',
    `Targets: the service in ${targets.map((t) => `\`${t.name}\``).join(' and ')} mode, each round measuring ${targets.length > 1 ? 'both' : 'it'} and then every ceiling:`,
    '',
    ...ceilings.map((c) => `- \`${c.name}\`: ${c.description}.`),
    ...(o.notes ? ['', o.notes] : []),
    '',
    `${head}\n|---|${targets.map(() => '---:|').join('')}`,
    row('req/s (median)', (t) => int(t.reqPerSec)),
    ...(targets.length > 1
      ? [
          row(`**req/s over the ${MODE_TITLES[targets[0].name]} mode's, same round (median, range)**`, (t, i) =>
            i === 0 ? '1' : `**${range(t.relative)}**`,
          ),
        ]
      : []),
    row('p99 (median)', (t) => ms(t.p99Ms)),
    ...ceilings.map((c, ci) => row(`ratio to \`${c.name}\` (median of rounds, range)`, (t) => range(t.ratios[ci]))),
    row('server CPU (median)', (t) => `${pct(t.serverCpu)} of one core`),
    row('server CPU per request (medians)', (t) => micros(t.serverCpu, t.reqPerSec)),
    row('PostgreSQL CPU, all backends (median)', (t) => `${pct(t.postgresCpu)} of one core`),
    row('Redis CPU (median)', (t) => `${pct(t.redisCpu)} of one core`),
    '',
    `| ceiling | req/s (median) | p99 (median) | server CPU | PostgreSQL CPU | Redis CPU |`,
    '|---|---:|---:|---:|---:|---:|',
    ...ceilings.map(
      (c) => `| \`${c.name}\` | ${int(c.reqPerSec)} | ${ms(c.p99Ms)} | ${pct(c.serverCpu)} | ${pct(c.postgresCpu)} | ${pct(c.redisCpu)} |`,
    ),
    '',
    `Rounds: ${s.rounds} of ${o.load.duration} s per side (after ${o.warmup} s warm-up per side), ${o.load.connections} connections, ${o.toolVersion}${envEntries.length ? `; service settings ${envEntries.map(([k, v]) => `\`${k}=${v}\``).join(', ')}` : ''}. ${o.date}, node ${o.env.node}, ${o.env.machine}, commit ${o.env.commit}.`,
    '',
    `| round | ${targets.map((t) => `${t.name} req/s | ${t.name} p99`).join(' | ')}${
      targets.length > 1
        ? ` | ${targets
            .slice(1)
            .map((t) => `${t.name} / ${targets[0].name}`)
            .join(' | ')}`
        : ''
    } | ${ceilings.map((c) => `${c.name} req/s`).join(' | ')} |`,
    `|---:|${targets.map(() => '---:|---:|').join('')}${targets
      .slice(1)
      .map(() => '---:|')
      .join('')}${ceilings.map(() => '---:|').join('')}`,
    ...o.pairs.map((p) => {
      const ts = p.targets;
      return `| ${p.round} | ${ts.map((t) => `${int(t.result.reqPerSec)} | ${ms(t.result.p99Ms)}`).join(' | ')}${
        ts.length > 1
          ? ` | ${ts
              .slice(1)
              .map((t) => ratio(t.relative))
              .join(' | ')}`
          : ''
      } | ${p.ceilings.map((c) => int(c.result.reqPerSec)).join(' | ')} |`;
    }),
    modesClose(o.name),
  ];
  return lines.join('\n');
}

/** Replaces (or adds) the blocks of `outcomes` between `startMarker` and `endMarker` of `text`. */
function replaceBlocks(text, { startMarker, endMarker, pattern, outcomes, render, order, comment, file }) {
  const start = text.indexOf(startMarker);
  const end = text.indexOf(endMarker);
  if (start === -1 || end < start) throw new Error(`${file}: markers ${startMarker} / ${endMarker} not found in order; fix them by hand`);
  const inside = text.slice(start + startMarker.length, end);
  const blocks = new Map();
  for (const match of inside.matchAll(pattern)) blocks.set(match[1], match[0]);
  for (const o of outcomes) blocks.set(o.name, render(o));
  const names = order.filter((name) => blocks.has(name));
  const generated = [startMarker, comment, '', names.map((name) => blocks.get(name)).join('\n\n'), endMarker].join('\n');
  return `${text.slice(0, start)}${generated}${text.slice(end + endMarker.length)}`;
}

const mib = (n) => (n === null || n === undefined ? '—' : `${n.toFixed(1)} MiB`);

/** Issue 14's memory targets: RSS after start ≤ 150 MB, under the bench's load ≤ 250 MB (10^6 bytes: 143.1 and 238.4 MiB). */
const MB = 1e6 / 2 ** 20;
const MEMORY_TARGETS = { afterStartMiB: 150 * MB, underLoadMiB: 250 * MB };
const memoryTarget = (mibValue) => `${Math.round(mibValue / MB)} MB = ${mibValue.toFixed(1)} MiB`;

function memoryVerdict(memory) {
  const peak = Math.max(memory.afterStart.peakMiB ?? 0, ...memory.scenarios.map((s) => s.peakMiB ?? 0));
  const start = memory.afterStart.rssMiB <= MEMORY_TARGETS.afterStartMiB;
  const load = peak <= MEMORY_TARGETS.underLoadMiB;
  return { peak, start, load };
}

/** Plain-text lines for the terminal. */
function memoryTable(memory) {
  const { peak, start, load } = memoryVerdict(memory);
  return [
    `memory: service RSS after start ${mib(memory.afterStart.rssMiB)} (${start ? 'PASS' : 'FAIL'} ≤ ${memoryTarget(MEMORY_TARGETS.afterStartMiB)}); ` +
      `peak under load ${mib(peak)} (${load ? 'PASS' : 'FAIL'} ≤ ${memoryTarget(MEMORY_TARGETS.underLoadMiB)})`,
    ...memory.scenarios.map((s) => `  after ${s.name}: RSS ${mib(s.rssMiB)}, peak so far ${mib(s.peakMiB)}`),
  ].join('\n');
}

/** The markdown block of the service's memory in the last run. */
function memoryBlock(memory) {
  const { peak, start, load } = memoryVerdict(memory);
  return [
    blockOpen('memory'),
    "### memory: the service's resident set (RSS) in the last run",
    '',
    'Read from `/proc/<pid>/status` of the service under test: `VmRSS` 2 s after it answered ready, then after each scenario `VmRSS` and `VmHWM` (the peak since start, so a row holds the highest the load reached up to then). Only the scenarios of that run are listed.',
    '',
    '| figure | value |',
    '|---|---|',
    `| RSS after start | ${mib(memory.afterStart.rssMiB)} (target ≤ ${memoryTarget(MEMORY_TARGETS.afterStartMiB)}: **${start ? 'PASS' : 'FAIL'}**) |`,
    `| peak RSS during start-up | ${mib(memory.afterStart.peakMiB)} |`,
    `| peak RSS under the bench's load | ${mib(peak)} (target ≤ ${memoryTarget(MEMORY_TARGETS.underLoadMiB)}: **${load ? 'PASS' : 'FAIL'}**) |`,
    `| date | ${memory.date ?? '—'} |`,
    `| commit | ${memory.env?.commit ?? '—'} |`,
    '',
    '| after scenario | RSS | peak so far |',
    '|---|---:|---:|',
    ...memory.scenarios.map((s) => `| ${s.name} | ${mib(s.rssMiB)} | ${mib(s.peakMiB)} |`),
    blockClose('memory'),
  ].join('\n');
}

const DEFAULT_INTRO = '# Benchmarks\n\nWritten by `npm run bench`; the figures below are generated.\n\n';

/**
 * Rewrites the generated section of `file`: blocks of `outcomes` replace (or join) the existing
 * ones; existing blocks of scenarios that still exist but did not run are kept; `order` is the
 * scenario order.
 */
function updateDocs(file, outcomes, order, memory = null) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : DEFAULT_INTRO;
  let before = text;
  let inside = '';
  let after = '\n';
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start !== -1 && end > start) {
    before = text.slice(0, start);
    inside = text.slice(start + START.length, end);
    after = text.slice(end + END.length);
  } else if (start !== -1 || end !== -1) {
    throw new Error(`${file}: found only one of ${START} / ${END}; fix the markers by hand`);
  } else if (!before.endsWith('\n\n')) {
    before = before.replace(/\n*$/, '\n\n');
  }

  const blocks = new Map();
  for (const match of inside.matchAll(BLOCK)) blocks.set(match[1], match[0]);
  // Only outcomes with the Redis mode have a block here (a PostgreSQL-only run leaves them alone).
  for (const o of outcomes) if (modesOf(o).includes('redis')) blocks.set(o.name, scenarioBlock(redisView(o)));
  if (memory) blocks.set('memory', memoryBlock(memory));
  const names = [...order, 'memory'].filter((name) => blocks.has(name));

  const generated = [
    START,
    '<!-- Generated by `npm run bench` (bench/run.js): edits between these markers are overwritten. -->',
    '',
    names.map((name) => blocks.get(name)).join('\n\n'),
    END,
  ].join('\n');
  let written = `${before}${generated}${after}`;
  const compared = outcomes.filter((o) => modesOf(o).includes('postgres-only'));
  if (compared.length) {
    if (!written.includes(MODES_START))
      written = `${written.replace(/\n*$/, '\n')}\n## Redis or PostgreSQL only: figures\n\n${MODES_START}\n${MODES_END}\n`;
    written = replaceBlocks(written, {
      startMarker: MODES_START,
      endMarker: MODES_END,
      pattern: MODES_BLOCK,
      outcomes: compared,
      render: modesBlock,
      order,
      comment:
        '<!-- Generated by `npm run bench` (bench/run.js) from runs with the PostgreSQL-only mode: edits between these markers are overwritten. -->',
      file,
    });
  }
  fs.writeFileSync(file, written);
}

module.exports = { consoleTable, updateDocs, scenarioBlock, modesBlock, redisView, memoryTable };
