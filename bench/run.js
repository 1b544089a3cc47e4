#!/usr/bin/env node
'use strict';
/**
 * `npm run bench` (after `npm run build`): benchmarks the built service on loopback.
 *
 *   node bench/run.js [--only <scenario>[,<scenario>...]] [--no-docs] [--list]
 *
 * Environment: BENCH_ROUNDS (pairs, default 5), BENCH_DURATION (seconds per round, 3),
 * BENCH_CONNECTIONS (50), BENCH_WARMUP (seconds per side, 1), BENCH_TOOL (auto | autocannon | wrk),
 * BENCH_WRK_THREADS (1), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/storefront_bench),
 * BENCH_REDIS_URL (redis://127.0.0.1:6379/6), BENCH_KEEP_DB=1 (do not drop the database at the end),
 * BENCH_VERBOSE=1 (echo the children's output).
 *
 * The method and the scenario format are described in docs/benchmarks.md.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const children = require('./lib/children');
const { recreateDatabase, dropDatabase, connectDatabase, flushRedis, databaseName } = require('./lib/database');
const { startService } = require('./lib/service');
const { request } = require('./lib/http');
const { chooseTool, toolVersion, normaliseRequest, expectedStatuses } = require('./lib/load');
const { alternate, checkTargets } = require('./lib/rounds');
const { consoleTable, updateDocs } = require('./lib/report');

const REPO_ROOT = path.resolve(__dirname, '..');
const SCENARIOS_DIR = path.join(__dirname, 'scenarios');
const DOCS_FILE = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
const RESULTS_DIR = path.join(__dirname, 'results');

const log = (line) => process.stdout.write(`${line}\n`);

function usage() {
  return 'usage: node bench/run.js [--only <scenario>[,<scenario>...]] [--no-docs] [--list]';
}

function parseArgs(argv) {
  const args = { only: [], docs: true, list: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') {
      const value = argv[++i];
      if (!value) throw new Error(`--only needs a scenario name\n${usage()}`);
      args.only.push(...value.split(','));
    } else if (arg.startsWith('--only=')) {
      args.only.push(...arg.slice('--only='.length).split(','));
    } else if (arg === '--no-docs') {
      args.docs = false;
    } else if (arg === '--list') {
      args.list = true;
    } else if (arg === '--help' || arg === '-h') {
      log(usage());
      process.exit(0);
    } else {
      throw new Error(`Unknown argument ${arg}\n${usage()}`);
    }
  }
  args.only = args.only.map((name) => name.trim()).filter(Boolean);
  return args;
}

function number(name, fallback, { min, integer }) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name}=${raw}: expected ${integer ? 'an integer' : 'a number'} ≥ ${min}`);
  }
  return value;
}

function readConfig() {
  const tool = process.env.BENCH_TOOL || 'auto';
  if (!['auto', 'autocannon', 'wrk'].includes(tool)) throw new Error(`BENCH_TOOL=${tool}: expected auto, autocannon or wrk`);
  return {
    rounds: number('BENCH_ROUNDS', 5, { min: 1, integer: true }),
    duration: number('BENCH_DURATION', 3, { min: 1, integer: false }),
    connections: number('BENCH_CONNECTIONS', 50, { min: 1, integer: true }),
    warmup: number('BENCH_WARMUP', 1, { min: 0, integer: false }),
    threads: number('BENCH_WRK_THREADS', 1, { min: 1, integer: true }),
    tool,
    databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/storefront_bench',
    redisUrl: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/6',
    keepDatabase: Boolean(process.env.BENCH_KEEP_DB),
  };
}

const TARGET_KEYS = ['minRatio', 'maxP99Ms', 'minReqPerSec'];

function loadScenarios() {
  const files = fs
    .readdirSync(SCENARIOS_DIR)
    .filter((file) => file.endsWith('.js') && !file.startsWith('_'))
    .sort();
  const scenarios = [];
  for (const file of files) {
    const scenario = require(path.join(SCENARIOS_DIR, file));
    const where = `bench/scenarios/${file}`;
    if (!scenario || typeof scenario.name !== 'string' || !/^[a-z0-9][a-z0-9._-]*$/.test(scenario.name)) {
      throw new Error(`${where}: exports no valid \`name\` (lower-case letters, digits, ".", "_", "-")`);
    }
    if (scenarios.some((s) => s.name === scenario.name)) throw new Error(`${where}: scenario name "${scenario.name}" is already used`);
    if (!scenario.target || !['object', 'function'].includes(typeof scenario.target)) throw new Error(`${where}: \`target\` must be a request description or a function (ctx, state) returning one`);
    if (!scenario.ceiling || typeof scenario.ceiling.start !== 'function') throw new Error(`${where}: \`ceiling\` must be { name, start(ctx) } (see bench/lib/ceilings.js)`);
    const unknown = Object.keys(scenario.targets ?? {}).filter((key) => !TARGET_KEYS.includes(key));
    if (unknown.length) throw new Error(`${where}: unknown target(s) ${unknown.join(', ')}; use ${TARGET_KEYS.join(', ')}`);
    scenarios.push(scenario);
  }
  return scenarios;
}

function environmentFacts() {
  const git = (...args) => {
    try {
      return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return null;
    }
  };
  const head = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--', 'src', 'migrations', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json');
  const cpus = os.cpus();
  return {
    node: process.version,
    machine: `${cpus.length} cores (${cpus[0]?.model?.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}; shared and noisy; loopback`,
    commit: head ? `${head}${dirty ? ' + uncommitted changes' : ''}` : 'unknown',
  };
}

/** One request of each kind against both sides before measuring, so a broken scenario fails loudly and fast. */
async function preflight(spec, ceilingSpec, targetUrl, ceilingUrl) {
  const statuses = expectedStatuses(spec);
  const ceilingStatuses = expectedStatuses(ceilingSpec);
  const sequence = spec.requests ?? [spec];
  for (const raw of sequence) {
    if (typeof raw.setupRequest === 'function') continue; // depends on state the load generator builds
    const r = normaliseRequest(raw);
    const res = await request(new URL(r.path, targetUrl), { method: r.method, headers: r.headers, body: r.body });
    const statusOk = statuses ? statuses.includes(res.status) : res.status >= 200 && res.status < 300;
    if (!statusOk) throw new Error(`Pre-flight ${r.method} ${r.path}: got ${res.status} (${res.body.slice(0, 300)}), expected ${statuses ? statuses.join(' or ') : '2xx'}`);
    if (spec.expect?.body !== undefined && sequence.length === 1 && res.body !== spec.expect.body) {
      throw new Error(`Pre-flight ${r.method} ${r.path}: body ${JSON.stringify(res.body.slice(0, 200))}, expected ${JSON.stringify(spec.expect.body)}`);
    }
    const ceiling = await request(new URL(r.path, ceilingUrl), { method: r.method, headers: r.headers, body: r.body });
    const ceilingOk = ceilingStatuses ? ceilingStatuses.includes(ceiling.status) : ceiling.status >= 200 && ceiling.status < 300;
    if (!ceilingOk) throw new Error(`Pre-flight against the ceiling: got ${ceiling.status}, expected ${ceilingStatuses ? ceilingStatuses.join(' or ') : '2xx'}`);
  }
}

async function runScenario(scenario, ctx, config) {
  log(`\n▶ ${scenario.name}: ${scenario.title ?? ''}`);
  const state = typeof scenario.setup === 'function' ? await scenario.setup(ctx) : undefined;
  let ceilingHandle;
  try {
    const spec = typeof scenario.target === 'function' ? await scenario.target(ctx, state) : scenario.target;
    const tool = chooseTool(config.tool, spec);
    ceilingHandle = await scenario.ceiling.start(ctx, state);
    // The ceiling gets the same requests; its answers are checked against what it says it sends.
    const ceilingSpec = { ...spec, expect: ceilingHandle.expect };
    await preflight(spec, ceilingSpec, ctx.service.url, ceilingHandle.url);
    const load = {
      tool,
      connections: scenario.load?.connections && !process.env.BENCH_CONNECTIONS ? scenario.load.connections : config.connections,
      duration: scenario.load?.duration && !process.env.BENCH_DURATION ? scenario.load.duration : config.duration,
      pipelining: 1,
      threads: config.threads,
    };
    const version = toolVersion(tool);
    log(`  ${version}, ${load.connections} connections, ${config.rounds} pairs of ${load.duration} s; ceiling: ${scenario.ceiling.name ?? 'unnamed'}`);
    const { pairs, summary } = await alternate({
      target: { url: ctx.service.url, pid: ctx.service.pid, spec },
      ceiling: { url: ceilingHandle.url, pid: ceilingHandle.pid, spec: ceilingSpec },
      load,
      rounds: config.rounds,
      warmup: config.warmup,
      log,
    });
    const check = checkTargets(scenario.targets, summary);
    return {
      name: scenario.name,
      title: scenario.title ?? scenario.name,
      ceilingDescription: scenario.ceiling.description ?? scenario.ceiling.name ?? 'unnamed',
      toolVersion: version,
      load,
      warmup: config.warmup,
      targets: scenario.targets ?? null,
      check,
      pairs,
      summary,
    };
  } finally {
    if (ceilingHandle) await ceilingHandle.stop();
    if (typeof scenario.teardown === 'function') await scenario.teardown(ctx, state);
  }
}

async function main() {
  children.installHandlers();
  const args = parseArgs(process.argv.slice(2));
  const config = readConfig();
  const all = loadScenarios();
  if (args.list) {
    for (const s of all) log(`${s.name}\t${s.title ?? ''}`);
    return 0;
  }
  const unknown = args.only.filter((name) => !all.some((s) => s.name === name));
  if (unknown.length) throw new Error(`Unknown scenario(s) ${unknown.join(', ')}; available: ${all.map((s) => s.name).join(', ')}`);
  const selected = args.only.length ? all.filter((s) => args.only.includes(s.name)) : all;
  if (selected.length === 0) throw new Error('No scenario to run (bench/scenarios/ is empty)');

  const facts = environmentFacts();
  log(`bench: ${selected.map((s) => s.name).join(', ')} on node ${facts.node}, ${facts.machine}`);
  if (fs.existsSync(path.join(REPO_ROOT, '.env'))) log('bench: .env in the repo root is ignored: the service gets exactly the bench configuration');

  log(`bench: flushing ${config.redisUrl}, recreating database ${databaseName(config.databaseUrl)}`);
  await flushRedis(config.redisUrl);
  await recreateDatabase(config.databaseUrl);

  log('bench: starting the service (migrations run at start-up)...');
  const started = Date.now();
  const service = await startService({ databaseUrl: config.databaseUrl, redisUrl: config.redisUrl });
  log(`bench: service ready at ${service.url} (pid ${service.pid}) after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const outcomes = [];
  const clients = [];
  const ctx = {
    service: { url: service.url, pid: service.pid, env: service.env },
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    config,
    log,
    request: (pathOrUrl, options) => request(new URL(pathOrUrl, service.url), options),
    /** A pg Client on the bench database (closed at the end of the run). */
    async db() {
      const client = await connectDatabase(config.databaseUrl);
      clients.push(client);
      return client;
    },
  };
  try {
    for (const scenario of selected) {
      const outcome = await runScenario(scenario, ctx, config);
      outcome.date = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
      outcome.env = facts;
      outcomes.push(outcome);
    }
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    await service.stop();
    if (service.child.exitCode !== 0 && service.child.exitCode !== null) {
      log(`bench: warning: the service exited with code ${service.child.exitCode} on shutdown\n${service.child.tail(10)}`);
    }
    if (!config.keepDatabase) await dropDatabase(config.databaseUrl).catch((error) => log(`bench: could not drop the bench database: ${error.message}`));
  }

  log(`\n${consoleTable(outcomes)}\n`);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const json = JSON.stringify({ config, facts, outcomes }, null, 2);
  fs.writeFileSync(path.join(RESULTS_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`), json);
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
  if (args.docs) {
    updateDocs(DOCS_FILE, outcomes, all.map((s) => s.name));
    log(`bench: wrote ${path.relative(process.cwd(), DOCS_FILE)} (raw figures in bench/results/latest.json)`);
  }
  const failed = outcomes.filter((o) => o.check && !o.check.pass);
  if (failed.length) {
    log(`bench: FAIL: ${failed.map((o) => o.name).join(', ')} missed the declared target`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => {
    children.killAllNow();
    process.exit(code);
  },
  async (error) => {
    // Errors the harness raises carry a full explanation; a stack is only useful for a bug (a
    // TypeError and the like) or with BENCH_VERBOSE=1.
    const plain = error instanceof Error && error.constructor === Error && !process.env.BENCH_VERBOSE;
    process.stderr.write(`\nbench: error: ${plain ? error.message : (error && error.stack) || error}\n`);
    await children.stopAll(3000).catch(() => undefined);
    process.exit(1);
  },
);
