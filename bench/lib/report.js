'use strict';
/**
 * Output: a table on stdout, and the generated section of docs/benchmarks.md. The file's text
 * outside `<!-- bench:start -->` / `<!-- bench:end -->` is hand-written and never touched. Inside,
 * each scenario has its own block, so a run limited with `--only` replaces just the blocks it ran
 * and keeps the others' last figures.
 */
const fs = require('node:fs');

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';
const blockOpen = (name) => `<!-- bench:scenario ${name} -->`;
const blockClose = (name) => `<!-- /bench:scenario ${name} -->`;
const BLOCK = /<!-- bench:scenario (\S+) -->\n[\s\S]*?<!-- \/bench:scenario \1 -->/g;

const int = (n) => (n === null || n === undefined ? '—' : Math.round(n).toLocaleString('en-US'));
const ms = (n) => (n === null || n === undefined ? '—' : `${Number(n.toFixed(2))} ms`);
const ratio = (n) => (n === null || n === undefined ? '—' : n.toFixed(3));
const pct = (n) => (n === null || n === undefined ? '—' : `${Math.round(n * 100)} %`);

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
    ceilingsOf(o).forEach((c, index) => {
      rows.push([
        index === 0 ? o.name : '',
        c.name,
        index === 0 ? String(o.summary.rounds) : '',
        index === 0 ? int(o.summary.targetReqPerSec) : '',
        index === 0 ? ms(o.summary.targetP99Ms) : '',
        int(c.reqPerSec),
        ms(c.p99Ms),
        ratio(c.ratio),
        `${ratio(c.ratioMin)}–${ratio(c.ratioMax)}`,
        index === 0 ? (o.check ? `${o.check.pass ? 'PASS' : 'FAIL'} (${checkList(o.check)})` : '—') : '',
      ]);
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

const DEFAULT_INTRO = '# Benchmarks\n\nWritten by `npm run bench`; the figures below are generated.\n\n';

/**
 * Rewrites the generated section of `file`: blocks of `outcomes` replace (or join) the existing
 * ones; existing blocks of scenarios that still exist but did not run are kept; `order` is the
 * scenario order.
 */
function updateDocs(file, outcomes, order) {
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
  for (const o of outcomes) blocks.set(o.name, scenarioBlock(o));
  const names = [...order.filter((name) => blocks.has(name))];

  const generated = [
    START,
    '<!-- Generated by `npm run bench` (bench/run.js): edits between these markers are overwritten. -->',
    '',
    names.map((name) => blocks.get(name)).join('\n\n'),
    END,
  ].join('\n');
  fs.writeFileSync(file, `${before}${generated}${after}`);
}

module.exports = { consoleTable, updateDocs, scenarioBlock };
