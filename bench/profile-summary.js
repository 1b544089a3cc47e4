#!/usr/bin/env node
'use strict';
/**
 * Where a CPU profile's time went: self time by package (or Node internals, GC, idle...) and the
 * top functions by self time.
 *
 *   BENCH_CPU_PROF=/tmp/prof node bench/run.js --only orders-place --no-docs
 *   node bench/profile-summary.js /tmp/prof/CPU.*.cpuprofile [--top 25] [--within <regexp>]...
 *
 * --within: total (inclusive) time of the samples that have a frame matching the regular
 * expression ("function url") on their stack, e.g. --within 'add .*bullmq' for Queue.add and all
 * it calls. Each sample counts once per expression.
 *
 * Self time is time spent in the function's own code, not in what it calls. "(idle)" is the event
 * loop waiting (for the network, the database...); percentages are also given without it, which is
 * the share of the time the process was actually busy.
 */
const fs = require('node:fs');
const path = require('node:path');

function parseArgs(argv) {
  const files = [];
  const within = [];
  let top = 25;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--top') top = Number(argv[++i]);
    else if (argv[i].startsWith('--top=')) top = Number(argv[i].slice(6));
    else if (argv[i] === '--within') within.push(new RegExp(argv[++i]));
    else files.push(argv[i]);
  }
  if (files.length === 0 || !Number.isInteger(top) || top < 1) {
    process.stderr.write('usage: node bench/profile-summary.js <file.cpuprofile>... [--top N]\n');
    process.exit(2);
  }
  return { files, top, within };
}

/** The "area" a frame belongs to: a package, Node itself, the app, or one of V8's pseudo-frames. */
function areaOf(frame) {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName.startsWith('(')) return functionName; // (idle), (garbage collector), (program), (root)
    return '(native)';
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const dist = url.indexOf('/dist/src/');
  if (dist !== -1)
    return `app: ${url
      .slice(dist + '/dist/src/'.length)
      .split('/')
      .slice(0, 2)
      .join('/')}`;
  return path.basename(url);
}

function shortUrl(url) {
  if (!url) return '';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) return url.slice(modules + 'node_modules/'.length);
  const dist = url.indexOf('/dist/src/');
  if (dist !== -1) return `dist/src/${url.slice(dist + '/dist/src/'.length)}`;
  return url.replace(/^file:\/\//, '');
}

/** Inclusive time per expression: samples with a matching frame anywhere on their stack. */
function inclusive(profile, expressions) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node) => `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}`;
  const totals = expressions.map(() => 0);
  const memo = new Map(); // node id -> array of booleans (stack matches each expression)
  const matches = (id) => {
    if (memo.has(id)) return memo.get(id);
    const node = byId.get(id);
    const up = parent.has(id) ? matches(parent.get(id)) : expressions.map(() => false);
    const result = expressions.map((re, i) => up[i] || re.test(label(node)));
    memo.set(id, result);
    return result;
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const hit = matches(profile.samples[i]);
    hit.forEach((yes, j) => {
      if (yes) totals[j] += profile.timeDeltas[i] ?? 0;
    });
  }
  return expressions.map((re, i) => [String(re), totals[i]]);
}

function summarise(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const functions = new Map();
  const areas = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of self) {
    const frame = byId.get(id).callFrame;
    total += micros;
    if (frame.functionName === '(idle)') idle += micros;
    const key = frame.url
      ? `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`
      : frame.functionName || '(anonymous)';
    functions.set(key, (functions.get(key) ?? 0) + micros);
    const area = areaOf(frame);
    areas.set(area, (areas.get(area) ?? 0) + micros);
  }
  return { functions, areas, total, idle };
}

function print(title, entries, total, busy, top) {
  const lines = [...entries].sort((a, b) => b[1] - a[1]).slice(0, top);
  process.stdout.write(`\n${title}\n`);
  process.stdout.write(`${'ms'.padStart(9)} ${'% all'.padStart(6)} ${'% busy'.padStart(6)}  what\n`);
  for (const [what, micros] of lines) {
    const busyShare = what === '(idle)' ? '' : ((100 * micros) / busy).toFixed(1);
    process.stdout.write(
      `${(micros / 1000).toFixed(0).padStart(9)} ${((100 * micros) / total).toFixed(1).padStart(6)} ${busyShare.padStart(6)}  ${what}\n`,
    );
  }
}

function main() {
  const { files, top, within } = parseArgs(process.argv.slice(2));
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
    const summary = summarise(profile);
    const busy = summary.total - summary.idle;
    process.stdout.write(
      `\n== ${file}: ${(summary.total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${((100 * busy) / summary.total).toFixed(0)} %)\n`,
    );
    print('Self time by area', summary.areas, summary.total, busy, top);
    print(`Top ${top} functions by self time`, summary.functions, summary.total, busy, top);
    if (within.length) {
      const lines = inclusive(profile, within);
      process.stdout.write('\nInclusive time (the frame and everything it calls)\n');
      process.stdout.write(`${'ms'.padStart(9)} ${'% all'.padStart(6)} ${'% busy'.padStart(6)}  frame matching\n`);
      for (const [what, micros] of lines) {
        process.stdout.write(
          `${(micros / 1000).toFixed(0).padStart(9)} ${((100 * micros) / summary.total).toFixed(1).padStart(6)} ${((100 * micros) / busy).toFixed(1).padStart(6)}  ${what}\n`,
        );
      }
    }
  }
}

main();
