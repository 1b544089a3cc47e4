'use strict';
/**
 * Load generators. Both take the same request description and return the same figures:
 *   { reqPerSec, p50Ms, p99Ms, meanMs, completed, unexpected, errors, timeouts, statusCounts, loadgenCpu }
 *
 * - autocannon (the devDependency) runs in the harness's own process: the servers under test are
 *   child processes, so they never share its event loop.
 * - wrk, where it is on PATH, is used instead when BENCH_TOOL=auto (the default) and the scenario
 *   needs nothing wrk cannot do (per-request functions, expecting a status other than 2xx/3xx).
 *
 * A request description is { method, path, headers, body } or { requests: [{ method, path, headers,
 * body, setupRequest?, onResponse? }, ...] } (autocannon's `requests`, cycled per connection), plus
 * `expect: { status }` (a number or a list; default: any 2xx). A response with an unexpected status,
 * an error or a timeout makes the round fail: a benchmark of the error path is not the benchmark.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { startProgram, onInterrupt } = require('./children');
const { selfCpuMeter } = require('./cpu');

function normaliseRequest(request) {
  const headers = { ...(request.headers ?? {}) };
  let body = request.body;
  if (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body)) {
    body = JSON.stringify(body);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  return {
    method: request.method ?? 'GET',
    path: request.path ?? '/',
    headers,
    body,
    setupRequest: request.setupRequest,
    onResponse: request.onResponse,
  };
}

function expectedStatuses(spec) {
  const status = spec.expect?.status;
  if (status === undefined) return null; // any 2xx
  return Array.isArray(status) ? status : [status];
}

let wrkPath;
function findWrk() {
  if (wrkPath === undefined) {
    try {
      wrkPath = execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || null;
    } catch {
      wrkPath = null;
    }
  }
  return wrkPath;
}

function wrkCanRun(spec) {
  const requests = spec.requests ?? [spec];
  if (requests.some((r) => typeof r.setupRequest === 'function' || typeof r.onResponse === 'function')) return false;
  const statuses = expectedStatuses(spec);
  return statuses === null || statuses.every((status) => status >= 200 && status < 400);
}

/** Which tool runs a scenario: BENCH_TOOL=autocannon|wrk|auto (auto: wrk if installed and able). */
function chooseTool(requested, spec) {
  if (requested === 'autocannon') return 'autocannon';
  if (requested === 'wrk') {
    if (!findWrk()) throw new Error('BENCH_TOOL=wrk but wrk is not on PATH');
    if (!wrkCanRun(spec))
      throw new Error('BENCH_TOOL=wrk but this scenario needs autocannon (request functions or a non-2xx/3xx expected status)');
    return 'wrk';
  }
  return findWrk() && wrkCanRun(spec) ? 'wrk' : 'autocannon';
}

function toolVersion(tool) {
  if (tool === 'autocannon') return `autocannon ${require('autocannon/package.json').version}`;
  try {
    // `wrk -v` prints its version and exits non-zero.
    const out = execFileSync(findWrk(), ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return out.split('\n')[0].trim();
  } catch (error) {
    return String(error.stdout || error.stderr || 'wrk')
      .split('\n')[0]
      .trim()
      .replace(/ \[.*$/, '');
  }
}

async function runAutocannon({ baseUrl, spec, connections, duration, pipelining }) {
  const autocannon = require('autocannon');
  const requests = (spec.requests ?? [spec]).map(normaliseRequest);
  const options = { url: baseUrl, connections, duration, pipelining, timeout: 10 };
  if (spec.requests) {
    // autocannon calls setupRequest/onResponse when the key is present, even if undefined.
    options.requests = requests.map((r) => Object.fromEntries(Object.entries(r).filter(([, value]) => value !== undefined)));
  } else {
    const [r] = requests;
    Object.assign(options, { url: new URL(r.path, baseUrl).toString(), method: r.method, headers: r.headers, body: r.body });
  }
  const meter = selfCpuMeter();
  const instance = autocannon(options);
  const removeHook = onInterrupt(() => instance.stop());
  let result;
  try {
    result = await instance;
  } finally {
    removeHook();
  }
  const loadgenCpu = meter();

  const statusCounts = {};
  let responses = 0;
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    statusCounts[code] = count;
    responses += count;
  }
  const statuses = expectedStatuses(spec);
  const expected = statuses === null ? result['2xx'] : statuses.reduce((sum, code) => sum + (statusCounts[code] ?? 0), 0);
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: result.latency.average,
    completed: responses,
    unexpected: responses - expected + (result.mismatches ?? 0),
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
    loadgenCpu,
  };
}

const luaString = (text) => `"${String(text).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;
const luaHeaders = (headers) =>
  `{ ${Object.entries(headers)
    .map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`)
    .join(', ')} }`;

function wrkScript(spec) {
  const requests = (spec.requests ?? [spec]).map(normaliseRequest);
  const lines = [];
  if (requests.length === 1) {
    // A static request: wrk builds it once, no Lua runs per request.
    const [r] = requests;
    lines.push(`wrk.method = ${luaString(r.method)}`, `wrk.path = ${luaString(r.path)}`, `wrk.headers = ${luaHeaders(r.headers)}`);
    if (r.body !== undefined) lines.push(`wrk.body = ${luaString(r.body)}`);
  } else {
    lines.push('local sequence = {}', 'local index = 0', 'init = function(args)');
    for (const r of requests) {
      lines.push(
        `  table.insert(sequence, wrk.format(${luaString(r.method)}, ${luaString(r.path)}, ${luaHeaders(r.headers)}, ${r.body === undefined ? 'nil' : luaString(r.body)}))`,
      );
    }
    lines.push('end', 'request = function()', '  index = index % #sequence + 1', '  return sequence[index]', 'end');
  }
  lines.push(
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format("BENCH_JSON {\\"requests\\":%d,\\"duration_us\\":%d,\\"connect\\":%d,\\"read\\":%d,\\"write\\":%d,\\"status\\":%d,\\"timeout\\":%d,\\"p50_us\\":%d,\\"p99_us\\":%d,\\"mean_us\\":%f}\\n",',
    '    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout, latency:percentile(50), latency:percentile(99), latency.mean))',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

async function runWrk({ baseUrl, spec, connections, duration, threads }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'script.lua');
  fs.writeFileSync(script, wrkScript(spec));
  const t = Math.max(1, Math.min(threads, connections));
  const args = [
    '-t',
    String(t),
    '-c',
    String(connections),
    '-d',
    `${Math.max(1, Math.round(duration))}s`,
    '--timeout',
    '10s',
    '-s',
    script,
    baseUrl,
  ];
  const child = startProgram('wrk', findWrk(), args, { env: { PATH: process.env.PATH ?? '' } });
  try {
    const { code, signal } = await child.exitPromise;
    const line = child.lines.find((l) => l.startsWith('BENCH_JSON '));
    if (code !== 0 || !line) throw new Error(`wrk failed (code ${code}, signal ${signal}):\n${child.tail()}`);
    const r = JSON.parse(line.slice('BENCH_JSON '.length));
    const errors = r.connect + r.read + r.write + r.timeout;
    return {
      reqPerSec: r.requests / (r.duration_us / 1e6),
      p50Ms: r.p50_us / 1000,
      p99Ms: r.p99_us / 1000,
      meanMs: r.mean_us / 1000,
      completed: r.requests,
      unexpected: r.status, // wrk counts responses with a status of 400 or more
      errors,
      timeouts: r.timeout,
      statusCounts: {},
      loadgenCpu: null,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One measured (or warm-up) run against `baseUrl`. */
function runLoad({ tool, ...options }) {
  return tool === 'wrk' ? runWrk(options) : runAutocannon(options);
}

module.exports = { runLoad, chooseTool, toolVersion, normaliseRequest, expectedStatuses, wrkScript };
