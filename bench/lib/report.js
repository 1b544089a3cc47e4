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

/** Plain-text table for the terminal. */
function consoleTable(outcomes) {
  const header = ['scenario', 'rounds', 'target req/s', 'target p99', 'ceiling req/s', 'ceiling p99', 'ratio', 'range', 'target'];
  const rows = outcomes.map((o) => [
    o.name,
    String(o.summary.rounds),
    int(o.summary.targetReqPerSec),
    ms(o.summary.targetP99Ms),
    int(o.summary.ceilingReqPerSec),
    ms(o.summary.ceilingP99Ms),
    ratio(o.summary.ratio),
    `${ratio(o.summary.ratioMin)}–${ratio(o.summary.ratioMax)}`,
    o.check ? `${o.check.pass ? 'PASS' : 'FAIL'} (${checkList(o.check)})` : '—',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The markdown block of one scenario. */
function scenarioBlock(o) {
  const s = o.summary;
  const lines = [
    blockOpen(o.name),
    `### ${o.name}: ${o.title}`,
    '',
    `Ceiling: ${o.ceilingDescription}.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| rounds | ${s.rounds} pairs of ${o.load.duration} s (after ${o.warmup} s warm-up per side), ${o.load.connections} connections, ${o.toolVersion} |`,
    `| target req/s (median) | ${int(s.targetReqPerSec)} |`,
    `| target p99 (median) | ${ms(s.targetP99Ms)} |`,
    `| ceiling req/s (median) | ${int(s.ceilingReqPerSec)} |`,
    `| ceiling p99 (median) | ${ms(s.ceilingP99Ms)} |`,
    `| **ratio target/ceiling (median of pairs)** | **${ratio(s.ratio)}** (pairs range ${ratio(s.ratioMin)}–${ratio(s.ratioMax)}) |`,
    `| target | ${targetText(o)} |`,
    `| server CPU, target / ceiling (median) | ${pct(s.targetServerCpu)} / ${pct(s.ceilingServerCpu)} of one core |`,
    `| load generator CPU, target / ceiling (median) | ${pct(s.targetLoadgenCpu)} / ${pct(s.ceilingLoadgenCpu)} of one core |`,
    `| date | ${o.date} |`,
    `| node | ${o.env.node} |`,
    `| machine | ${o.env.machine} |`,
    `| commit | ${o.env.commit} |`,
    '',
    '| pair | target req/s | target p99 | ceiling req/s | ceiling p99 | ratio |',
    '|---:|---:|---:|---:|---:|---:|',
    ...o.pairs.map(
      (p) => `| ${p.round} | ${int(p.target.reqPerSec)} | ${ms(p.target.p99Ms)} | ${int(p.ceiling.reqPerSec)} | ${ms(p.ceiling.p99Ms)} | ${ratio(p.ratio)} |`,
    ),
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
