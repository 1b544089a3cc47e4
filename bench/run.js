#!/usr/bin/env node
'use strict';
/**
 * `npm run bench` (after `npm run build`): benchmarks the built service on loopback.
 *
 *   node bench/run.js [--only <scenario>[,<scenario>...]] [--mode redis|postgres-only|both] [--no-docs] [--list]
 *
 * --mode: which service modes to measure (bench/lib/service.js). `redis`: queues and the store on
 * Redis, every scenario; `postgres-only`: no Redis at all (the scenarios that declare that mode);
 * `both`: those scenarios with the service in each mode as two targets in the same rounds. Without
 * it, each scenario runs in the modes it declares (`modes`, default `['redis']`).
 *
 * Environment: BENCH_ROUNDS (pairs, default 5), BENCH_DURATION (seconds per round, 3),
 * BENCH_CONNECTIONS (50), BENCH_WARMUP (seconds per side, 1), BENCH_TOOL (auto | autocannon | wrk),
 * BENCH_WRK_THREADS (1), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/storefront_bench),
 * BENCH_REDIS_URL (redis://127.0.0.1:6379/6), BENCH_KEEP_DB=1 (keep the database and Redis DB at the end),
 * BENCH_VERBOSE=1 (echo the children's output), BENCH_CPU_PROF=<dir> (run the service, the
 * `nest-constant` ceiling and the constant-body scenario's subject under `node --cpu-prof` and leave
 * their profiles in <dir>; the figures of such a run are not comparable).
 *
 * The method and the scenario format are described in docs/benchmarks.md.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const children = require('./lib/children');
const { recreateDatabase, dropDatabase, connectDatabase, flushRedis, databaseName } = require('./lib/database');
const { startService, MODES } = require('./lib/service');
const { request } = require('./lib/http');
const { chooseTool, toolVersion, normaliseRequest, expectedStatuses } = require('./lib/load');
const { alternate, checkTargets, validateTargets } = require('./lib/rounds');
const { consoleTable, updateDocs, memoryTable } = require('./lib/report');
const { memoryOf } = require('./lib/memory');

const REPO_ROOT = path.resolve(__dirname, '..');
const SCENARIOS_DIR = path.join(__dirname, 'scenarios');
const DOCS_FILE = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
const RESULTS_DIR = path.join(__dirname, 'results');

const log = (line) => process.stdout.write(`${line}\n`);

const MODE_CHOICES = [...MODES, 'both'];

function usage() {
  return `usage: node bench/run.js [--only <scenario>[,<scenario>...]] [--mode ${MODE_CHOICES.join('|')}] [--no-docs] [--list]`;
}

function parseMode(value) {
  if (!MODE_CHOICES.includes(value)) throw new Error(`--mode ${value ?? ''}: expected ${MODE_CHOICES.join(', ')}\n${usage()}`);
  return value;
}

function parseArgs(argv) {
  const args = { only: [], mode: null, docs: true, list: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') {
      const value = argv[++i];
      if (!value) throw new Error(`--only needs a scenario name\n${usage()}`);
      args.only.push(...value.split(','));
    } else if (arg.startsWith('--only=')) {
      args.only.push(...arg.slice('--only='.length).split(','));
    } else if (arg === '--mode') {
      args.mode = parseMode(argv[++i]);
    } else if (arg.startsWith('--mode=')) {
      args.mode = parseMode(arg.slice('--mode='.length));
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
    cpuProfileDir: process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null,
  };
}

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
    if (typeof scenario.run === 'function') {
      scenarios.push({ ...scenario, ceilings: [], modes: scenario.modes ?? ['redis'] });
      continue;
    }
    if (!scenario.target || !['object', 'function'].includes(typeof scenario.target))
      throw new Error(`${where}: \`target\` must be a request description or a function (ctx, state) returning one`);
    if (Boolean(scenario.ceiling) === Boolean(scenario.ceilings))
      throw new Error(`${where}: give either \`ceiling\` or \`ceilings\` (a list), not both or neither`);
    const ceilings = scenario.ceilings ?? [scenario.ceiling];
    if (!Array.isArray(ceilings) || ceilings.length === 0) throw new Error(`${where}: \`ceilings\` must be a non-empty list`);
    for (const ceiling of ceilings) {
      if (!ceiling || typeof ceiling.start !== 'function' || typeof ceiling.name !== 'string')
        throw new Error(`${where}: every ceiling must be { name, start(ctx, state) } (see bench/lib/ceilings.js)`);
    }
    const modes = scenario.modes ?? ['redis'];
    if (!Array.isArray(modes) || modes.length === 0 || modes.some((mode) => !MODES.includes(mode)))
      throw new Error(`${where}: \`modes\` must be a non-empty list of ${MODES.join(', ')}`);
    for (const ceiling of ceilings) {
      if (ceiling.modes !== undefined && (!Array.isArray(ceiling.modes) || ceiling.modes.some((mode) => !MODES.includes(mode))))
        throw new Error(`${where}: ceiling ${ceiling.name}: \`modes\` must be a list of ${MODES.join(', ')}`);
    }
    if (scenario.subject !== undefined && (typeof scenario.subject?.start !== 'function' || modes.length !== 1))
      throw new Error(`${where}: \`subject\` must be { name, start(ctx, state) } (see bench/lib/ceilings.js), in a scenario of one mode`);
    for (const mode of modes) {
      if (!ceilings.some((c) => !c.modes || c.modes.includes(mode))) throw new Error(`${where}: no ceiling for mode ${mode}`);
    }
    const ceilingNames = ceilings.map((c) => c.name);
    if (new Set(ceilingNames).size !== ceilingNames.length)
      throw new Error(`${where}: ceiling names must differ (${ceilingNames.join(', ')})`);
    try {
      validateTargets(scenario.targets, ceilingNames);
    } catch (error) {
      throw new Error(`${where}: ${error.message}`);
    }
    const env = scenario.service?.env ?? {};
    if (typeof env !== 'object' || Object.values(env).some((value) => typeof value !== 'string'))
      throw new Error(`${where}: \`service.env\` must map names to strings`);
    scenarios.push({ ...scenario, ceilings, modes });
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
  const dirty = git(
    'status',
    '--porcelain',
    '--',
    'src',
    'migrations',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.build.json',
  );
  const cpus = os.cpus();
  return {
    node: process.version,
    machine: `${cpus.length} cores (${cpus[0]?.model?.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}; shared and noisy; loopback`,
    commit: head ? `${head}${dirty ? ' + uncommitted changes' : ''}` : 'unknown',
  };
}

/** A request as the load generator would send it, generated requests (setupRequest) included. */
function materialise(raw) {
  const r = normaliseRequest(raw);
  if (typeof raw.setupRequest !== 'function') return r;
  // autocannon hands setupRequest a copy of the request and a per-connection context object.
  const generated = raw.setupRequest({ method: r.method, path: r.path, headers: { ...r.headers }, body: r.body }, {});
  if (!generated) throw new Error(`setupRequest of ${r.method} ${r.path} returned nothing`);
  return normaliseRequest({ ...r, ...generated, setupRequest: undefined });
}

const statusMatches = (statuses, status) => (statuses ? statuses.includes(status) : status >= 200 && status < 300);

/** One request of each kind against every side before measuring, so a broken scenario fails loudly and fast. */
async function preflight(spec, targetUrl, ceilingSides) {
  const statuses = expectedStatuses(spec);
  const sequence = spec.requests ?? [spec];
  for (const raw of sequence) {
    if (raw.preflight === false) continue; // depends on state the load generator builds
    const r = materialise(raw);
    const res = await request(new URL(r.path, targetUrl), { method: r.method, headers: r.headers, body: r.body });
    if (!statusMatches(statuses, res.status))
      throw new Error(
        `Pre-flight ${r.method} ${r.path}: got ${res.status} (${res.body.slice(0, 300)}), expected ${statuses ? statuses.join(' or ') : '2xx'}`,
      );
    if (spec.expect?.body !== undefined && sequence.length === 1 && res.body !== spec.expect.body) {
      throw new Error(
        `Pre-flight ${r.method} ${r.path}: body ${JSON.stringify(res.body.slice(0, 200))}, expected ${JSON.stringify(spec.expect.body)}`,
      );
    }
  }
  for (const side of ceilingSides) {
    if (side.measure) {
      if (side.preflight) await side.preflight();
      continue;
    }
    const ceilingStatuses = expectedStatuses(side.spec);
    for (const raw of side.spec.requests ?? [side.spec]) {
      if (raw.preflight === false) continue;
      const r = materialise(raw);
      const res = await request(new URL(r.path, side.url), { method: r.method, headers: r.headers, body: r.body });
      if (!statusMatches(ceilingStatuses, res.status)) {
        throw new Error(
          `Pre-flight ${r.method} ${r.path} against the ceiling ${side.name}: got ${res.status} (${res.body.slice(0, 300)}), expected ${ceilingStatuses ? ceilingStatuses.join(' or ') : '2xx'}`,
        );
      }
    }
  }
}

/**
 * The target's requests as a ceiling gets them: its expected status and, if it says so, its own
 * path. A spec with generated requests may offer `forCeiling()`, a copy with a generator of its own,
 * so that a ceiling's requests do not use up ids the target's need.
 */
function ceilingSpec(targetSpec, handle) {
  const spec = typeof targetSpec.forCeiling === 'function' ? targetSpec.forCeiling() : targetSpec;
  const adapt = (raw) => {
    if (!handle.path) return raw;
    const adapted = { ...raw, path: handle.path };
    if (typeof raw.setupRequest === 'function') {
      adapted.setupRequest = (req, context) => {
        const generated = raw.setupRequest(req, context);
        return generated && { ...generated, path: handle.path };
      };
    }
    return adapted;
  };
  const adapted = spec.requests ? { ...spec, requests: spec.requests.map(adapt) } : adapt(spec);
  return { ...adapted, expect: handle.expect };
}

/** The ceilings of a scenario that belong in a run of these modes (a ceiling without `modes` always does). */
const ceilingsFor = (scenario, modes) => scenario.ceilings.filter((c) => !c.modes || c.modes.some((mode) => modes.includes(mode)));

async function runScenario(scenario, ctx, config, modes) {
  log(`\n▶ ${scenario.name}: ${scenario.title ?? ''}${modes.length > 1 || modes[0] !== 'redis' ? ` [${modes.join(' and ')}]` : ''}`);
  // A scenario that compares several pairs of its own (orders-list-scale: each request at two shop
  // sizes) drives the rounds itself and writes its own block: { name, title, markdown, lines, check }.
  if (typeof scenario.run === 'function') return scenario.run(ctx, config, { alternate, checkTargets, log });
  const state = typeof scenario.setup === 'function' ? await scenario.setup(ctx) : undefined;
  const handles = [];
  const ceilings = ceilingsFor(scenario, modes);
  try {
    const spec = typeof scenario.target === 'function' ? await scenario.target(ctx, state) : scenario.target;
    const tool = chooseTool(config.tool, spec);
    // A scenario with a `subject` (a child server started like a ceiling) measures it instead of the
    // running service: the service's own app with an extra route (constant-body).
    const subject = scenario.subject ? await scenario.subject.start(ctx, state) : null;
    if (subject) handles.push({ ceiling: scenario.subject, handle: subject, subject: true });
    for (const ceiling of ceilings) handles.push({ ceiling, handle: await ceiling.start(ctx, state) });
    // Each ceiling gets the same requests; its answers are checked against what it says it sends.
    const ceilingSides = handles
      .filter((h) => !h.subject)
      .map(({ ceiling, handle }) =>
        handle.measure
          ? { name: ceiling.name, pid: handle.pid, measure: handle.measure, preflight: handle.preflight }
          : { name: ceiling.name, url: handle.url, pid: handle.pid, spec: ceilingSpec(spec, handle) },
      );
    // The service in each mode is a target; all get the same requests (one generator: distinct ids across them).
    const targets = subject
      ? [{ name: modes[0], url: subject.url, pid: subject.pid, spec }]
      : modes.map((mode) => ({ name: mode, url: ctx.services[mode].url, pid: ctx.services[mode].pid, spec }));
    for (const [index, target] of targets.entries()) await preflight(spec, target.url, index === 0 ? ceilingSides : []);
    const load = {
      tool,
      connections: scenario.load?.connections && !process.env.BENCH_CONNECTIONS ? scenario.load.connections : config.connections,
      duration: scenario.load?.duration && !process.env.BENCH_DURATION ? scenario.load.duration : config.duration,
      pipelining: 1,
      threads: config.threads,
    };
    const version = toolVersion(tool);
    const names = ceilings.map((c) => c.name).join(' and ');
    log(
      `  ${version}, ${load.connections} connections, ${config.rounds} rounds of ${load.duration} s per side; ${targets.length > 1 ? `targets: the service in ${modes.join(' and ')} mode; ` : ''}ceiling${ceilings.length > 1 ? 's' : ''}: ${names}`,
    );
    const { pairs, summary } = await alternate({
      targets,
      ceilings: ceilingSides,
      load,
      rounds: config.rounds,
      warmup: config.warmup,
      log,
    });
    // The declared targets are the issues' figures for the Redis mode: judged on that target only.
    const check = modes[0] === 'redis' ? checkTargets(scenario.targets, summary) : null;
    const ceilingDescriptions = handles
      .filter((h) => !h.subject)
      .map(({ ceiling, handle }) => ({
        name: ceiling.name,
        description: handle.description ?? ceiling.description ?? ceiling.name,
      }));
    return {
      name: scenario.name,
      title: scenario.title ?? scenario.name,
      modes,
      // Which mode each ceiling was made for (null: any), for the Redis-mode view of a run of both.
      ceilingModes: ceilings.map((c) => c.modes ?? null),
      ceilingDescription: ceilingDescriptions[0].description,
      ceilingDescriptions,
      serviceEnv: scenario.service?.env ?? {},
      notes: typeof scenario.notes === 'function' ? await scenario.notes(ctx, state) : (scenario.notes ?? null),
      toolVersion: version,
      load,
      warmup: config.warmup,
      targets: scenario.targets ?? null,
      check,
      pairs,
      summary,
    };
  } finally {
    for (const { handle } of handles.reverse())
      await handle.stop().catch((error) => log(`  warning: stopping a ceiling: ${error.message}`));
    if (typeof scenario.teardown === 'function') await scenario.teardown(ctx, state);
  }
}

/** The service runs once for all scenarios: their `service.env` settings are merged, and must agree. */
function serviceEnvironmentOf(scenarios) {
  const env = {};
  const from = {};
  for (const scenario of scenarios) {
    for (const [name, value] of Object.entries(scenario.service?.env ?? {})) {
      if (name in env && env[name] !== value) {
        throw new Error(
          `Scenarios ${from[name]} and ${scenario.name} need different ${name} (${env[name]} / ${value}); run them separately with --only`,
        );
      }
      env[name] = value;
      from[name] = scenario.name;
    }
  }
  return env;
}

async function main() {
  children.installHandlers();
  const args = parseArgs(process.argv.slice(2));
  const config = readConfig();
  const all = loadScenarios();
  if (args.list) {
    for (const s of all) log(`${s.name}\t${s.title ?? ''}\t(modes: ${s.modes.join(', ')})`);
    return 0;
  }
  const unknown = args.only.filter((name) => !all.some((s) => s.name === name));
  if (unknown.length) throw new Error(`Unknown scenario(s) ${unknown.join(', ')}; available: ${all.map((s) => s.name).join(', ')}`);
  // The modes each scenario runs in: --mode's, or the scenario's own.
  const wanted = args.mode === 'both' ? [...MODES] : args.mode ? [args.mode] : null;
  const modesOf = (s) => wanted ?? s.modes;
  const supports = (s) => modesOf(s).every((mode) => s.modes.includes(mode));
  const named = args.only.length ? all.filter((s) => args.only.includes(s.name)) : all;
  const refused = args.only.length ? named.filter((s) => !supports(s)) : [];
  if (refused.length)
    throw new Error(
      `--mode ${args.mode}: ${refused.map((s) => `${s.name} runs in ${s.modes.join(' and ')} mode only`).join('; ')} (declare it in the scenario's \`modes\`)`,
    );
  const selected = named.filter(supports);
  if (selected.length === 0)
    throw new Error(args.mode ? `No scenario runs in mode ${args.mode}` : 'No scenario to run (bench/scenarios/ is empty)');
  const runModes = MODES.filter((mode) => selected.some((s) => modesOf(s).includes(mode)));

  const facts = environmentFacts();
  log(
    `bench: ${selected.map((s) => `${s.name}${modesOf(s).length > 1 || modesOf(s)[0] !== 'redis' ? ` (${modesOf(s).join(' and ')})` : ''}`).join(', ')} on node ${facts.node}, ${facts.machine}`,
  );
  if (fs.existsSync(path.join(REPO_ROOT, '.env')))
    log('bench: .env in the repo root is ignored: the service gets exactly the bench configuration');

  // A run without the Redis mode needs no Redis at all.
  const usesRedis = runModes.includes('redis');
  if (!usesRedis) config.redisUrl = null;
  log(`bench: ${usesRedis ? `flushing ${config.redisUrl}, ` : ''}recreating database ${databaseName(config.databaseUrl)}`);
  if (usesRedis) await flushRedis(config.redisUrl);
  await recreateDatabase(config.databaseUrl);

  const serviceEnv = serviceEnvironmentOf(selected);
  const nodeArgs = [];
  if (config.cpuProfileDir) {
    fs.mkdirSync(config.cpuProfileDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${config.cpuProfileDir}`);
    log(`bench: profiling the service (node --cpu-prof); the profile is written to ${config.cpuProfileDir} when it stops`);
  }
  const extra = Object.entries(serviceEnv).map(([name, value]) => `${name}=${value}`);
  // One service per mode, on the same database, started one after the other (the first migrates).
  // The ones after the first get its APP_URL, so that every mode answers the same bytes.
  const services = {};
  const stopServices = async () => {
    for (const service of Object.values(services).reverse()) {
      await service.stop();
      if (service.child.exitCode !== 0 && service.child.exitCode !== null) {
        log(
          `bench: warning: the ${service.mode} service exited with code ${service.child.exitCode} on shutdown\n${service.child.tail(10)}`,
        );
      }
    }
  };
  try {
    for (const mode of runModes) {
      const first = Object.values(services)[0];
      log(`bench: starting the service in ${mode} mode (migrations run at start-up)${extra.length ? ` with ${extra.join(', ')}` : ''}...`);
      const started = Date.now();
      services[mode] = await startService({
        databaseUrl: config.databaseUrl,
        redisUrl: config.redisUrl,
        mode,
        env: first ? { ...serviceEnv, APP_URL: first.env.APP_URL } : serviceEnv,
        nodeArgs,
      });
      const service = services[mode];
      log(`bench: ${mode} service ready at ${service.url} (pid ${service.pid}) after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } catch (error) {
    await stopServices();
    throw error;
  }
  const service = Object.values(services)[0];
  // RSS once start-up has settled (migrations, connections, the first readiness checks).
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const memory = { afterStart: memoryOf(service.pid), scenarios: [] };
  if (memory.afterStart)
    log(
      `bench: service RSS after start ${memory.afterStart.rssMiB.toFixed(1)} MiB (peak during start-up ${memory.afterStart.peakMiB?.toFixed(1)} MiB)`,
    );

  const outcomes = [];
  const clients = [];
  const view = (s) => ({ url: s.url, pid: s.pid, env: s.env, mode: s.mode });
  const ctx = {
    repoRoot: REPO_ROOT,
    // The first mode's service (Redis when it runs); `services` has each mode's.
    service: view(service),
    services: Object.fromEntries(Object.entries(services).map(([mode, s]) => [mode, view(s)])),
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
      const outcome = await runScenario(scenario, ctx, config, modesOf(scenario)).catch((error) => {
        // Connection errors by the thousand usually mean the service is gone: say so, with its last words.
        for (const s of Object.values(services)) {
          if (!s.child.exited) continue;
          error.message += `\nThe ${s.mode} service exited during ${scenario.name} (code ${s.child.exitCode}, signal ${s.child.signal})`;
          const tail = s.child.tail(40);
          if (tail) error.message += `\n--- last lines of its output ---\n${tail}`;
        }
        throw error;
      });
      outcome.date = new Date()
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC');
      outcome.env = facts;
      // VmHWM is the peak since start: after a scenario, the highest RSS the load has reached so far.
      outcome.memory = memoryOf(service.pid);
      if (outcome.memory) {
        memory.scenarios.push({ name: scenario.name, ...outcome.memory });
        log(`  service RSS ${outcome.memory.rssMiB.toFixed(1)} MiB, peak so far ${outcome.memory.peakMiB.toFixed(1)} MiB`);
      }
      outcomes.push(outcome);
    }
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    await stopServices();
    if (!config.keepDatabase) {
      await dropDatabase(config.databaseUrl).catch((error) => log(`bench: could not drop the bench database: ${error.message}`));
      // Queued jobs nobody works on (the service runs without workers) would otherwise stay until the next run.
      if (usesRedis) await flushRedis(config.redisUrl).catch((error) => log(`bench: could not flush the bench Redis DB: ${error.message}`));
    }
  }

  log(`\n${consoleTable(outcomes.filter((o) => !o.markdown))}\n`);
  for (const o of outcomes.filter((o) => o.markdown)) log(`${o.name}:\n${o.lines.join('\n')}\n`);
  if (memory.afterStart) log(`${memoryTable(memory)}\n`);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const json = JSON.stringify({ config, facts, memory, outcomes }, null, 2);
  fs.writeFileSync(path.join(RESULTS_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`), json);
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
  if (args.docs) {
    updateDocs(
      DOCS_FILE,
      outcomes,
      all.map((s) => s.name),
      memory.afterStart ? { ...memory, date: outcomes[0]?.date, env: facts } : null,
    );
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
