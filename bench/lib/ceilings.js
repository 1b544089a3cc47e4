'use strict';
/**
 * Ceilings: what a scenario's target is compared with, measured in the same run and in alternating
 * rounds. A scenario names one as `ceiling: {...}`, or several as `ceilings: [{...}, ...]` (each
 * gets its own ratio; the first is the primary), each
 *   { name, description?, start(ctx, state) -> Promise<handle> }
 * where the handle is either an HTTP server the load generator drives,
 *   { url, stop(), pid?, expect?, path?, description? }
 * (`pid` lets the harness report the server's CPU use; `expect: { status }` is what its responses
 * are checked against, any 2xx when absent; `path`: send every request to this path instead of the
 * target's; `description` replaces the ceiling's own once started), or something that generates
 * its own load, such as pgbench:
 *   { measure(load) -> Promise<figures as runLoad's>, preflight?(), stop(), description? }
 *
 * Helpers: `nodeHttp()` (the usual bare server answering fixed bytes), `childServer()` (any server
 * script in bench/ that reports its port over IPC), `pgbench()` (a pgbench script as the ceiling).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startNode, startProgram } = require('./children');

const SERVER = path.join(__dirname, 'ceiling-server.js');

/**
 * Starts `node <script> <args>` as a managed child that sends `{ port }` over IPC once listening.
 * Resolves { url, pid, child, stop }.
 */
async function startChildServer(name, script, args = [], { env, cwd, startTimeoutMs = 30_000, nodeFlags = [] } = {}) {
  const child = startNode(name, [...nodeFlags, script, ...args], {
    env: env ?? { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
    cwd,
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${startTimeoutMs / 1000} s\n${child.tail()}`)),
      startTimeoutMs,
    );
    child.child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.exitPromise.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited during start-up (code ${code}, signal ${signal})\n${child.tail()}`));
    });
  }).catch(async (error) => {
    await child.stop(3000);
    throw error;
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, child, stop: () => child.stop(5000) };
}

const describeResponse = ({ status, headers, body }) =>
  `bare \`node:http\` server answering ${status} \`${body.length > 40 ? `${body.slice(0, 37)}...` : body}\` (${headers['Content-Type'] ?? headers['content-type'] ?? 'no content type'})`;

/**
 * A bare `node:http` server in a child process that answers every request with the same response.
 * Give it the target's response (status, content type, body) so both sides send the same bytes:
 * an object, or a function (ctx, state) returning one when the bytes are only known after set-up.
 */
function nodeHttp(response = {}) {
  const resolve = (ctx, state) => {
    const {
      status = 200,
      headers = { 'Content-Type': 'text/plain; charset=utf-8' },
      body = 'OK',
    } = typeof response === 'function' ? response(ctx, state) : response;
    return { status, headers, body };
  };
  return {
    name: 'node:http',
    description:
      typeof response === 'function' ? 'bare `node:http` server answering the same bytes as the target' : describeResponse(resolve()),
    async start(ctx, state) {
      const config = resolve(ctx, state);
      const server = await startChildServer('ceiling', SERVER, [JSON.stringify(config)]);
      return {
        url: server.url,
        pid: server.pid,
        expect: { status: config.status },
        description: describeResponse(config),
        stop: server.stop,
      };
    },
  };
}

/**
 * Any server script (in bench/) as a ceiling. `options(ctx, state)` gives { args, env, cwd, expect,
 * path, check(url), onStop() } for the start; `check` may throw to refuse a ceiling that does not
 * answer what the target does; `onStop` cleans up after the server has exited.
 */
function childServer({ name, description, script, options = () => ({}) }) {
  return {
    name,
    description,
    async start(ctx, state) {
      const { args = [], env, cwd, expect, path: requestPath, check, startTimeoutMs, onStop, nodeFlags } = await options(ctx, state);
      const stop = async (server) => {
        if (server) await server.stop();
        if (onStop) await onStop();
      };
      let server;
      try {
        server = await startChildServer(name, script, args, { env, cwd, startTimeoutMs, nodeFlags });
        if (check) await check(server.url);
      } catch (error) {
        await stop(server);
        throw error;
      }
      return { url: server.url, pid: server.pid, expect, path: requestPath, stop: () => stop(server) };
    },
  };
}

/** Parses pgbench's per-transaction logs (`--log`): the latency (µs) is the third field. */
function readTransactionLatencies(dir, prefix) {
  const latencies = [];
  for (const file of fs.readdirSync(dir)) {
    if (!file.startsWith(`${prefix}.`)) continue;
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line) continue;
      const fields = line.split(' ');
      // client_id transaction_no time script_no time_epoch time_us; time is "failed"/"skipped" otherwise
      const micros = Number(fields[2]);
      if (Number.isFinite(micros)) latencies.push(micros);
    }
  }
  return latencies;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * pgbench as the ceiling: the script (one transaction, the same statements the endpoint runs) with
 * the round's client count and duration against the bench database:
 *   pgbench -n -M extended -c <connections> -j 2 -T <seconds> -f script.sql
 * `-M extended` sends parameters apart from the statement text, as node-postgres does. Its tps is
 * the round's req/s, the p99 comes from the per-transaction log. `script(ctx, state)` returns the
 * script's text; `variables(ctx, state)` optionally returns { name: value } passed as `-D name=value`
 * (with -M extended they reach the server as parameters, as the service's do).
 */
function pgbench({
  name = 'pgbench',
  description,
  script,
  variables,
  binary = process.env.BENCH_PGBENCH || 'pgbench',
  protocol = 'extended',
}) {
  return {
    name,
    description,
    async start(ctx, state) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pgbench-'));
      const file = path.join(dir, 'script.sql');
      fs.writeFileSync(file, await script(ctx, state));
      const defines = Object.entries(variables ? await variables(ctx, state) : {}).flatMap(([key, value]) => ['-D', `${key}=${value}`]);
      const env = { PATH: process.env.PATH ?? '', PGCONNECT_TIMEOUT: '5' };
      let runs = 0;

      const run = async (args) => {
        const child = startProgram('pgbench', binary, args, { env });
        const { code, signal } = await child.exitPromise;
        return { code, signal, output: child.lines.join('\n'), tail: () => child.tail(40) };
      };

      return {
        description,
        async preflight() {
          const r = await run(['-n', '-M', protocol, '-c', '1', '-t', '1', ...defines, '-f', file, ctx.databaseUrl]);
          if (r.code !== 0 || !/number of transactions actually processed: 1\/1/.test(r.output)) {
            throw new Error(`Pre-flight of the pgbench ceiling failed (code ${r.code}, signal ${r.signal}):\n${r.tail()}`);
          }
        },
        async measure(load) {
          const prefix = `tx${++runs}`;
          const seconds = Math.max(1, Math.round(load.duration));
          const args = [
            '-n',
            '-M',
            protocol,
            '-c',
            String(load.connections),
            '-j',
            String(Math.min(2, load.connections)),
            '-T',
            String(seconds),
            ...defines,
            '-f',
            file,
            '--log',
            `--log-prefix=${path.join(dir, prefix)}`,
            ctx.databaseUrl,
          ];
          const r = await run(args);
          const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.output);
          const processed = /number of transactions actually processed: (\d+)/.exec(r.output);
          const failed = /number of failed transactions: (\d+)/.exec(r.output);
          if (r.code !== 0 || !tps || !processed) throw new Error(`pgbench failed (code ${r.code}, signal ${r.signal}):\n${r.tail()}`);
          const latencies = readTransactionLatencies(dir, prefix).sort((a, b) => a - b);
          for (const f of fs.readdirSync(dir)) if (f.startsWith(`${prefix}.`)) fs.rmSync(path.join(dir, f));
          return {
            reqPerSec: Number(tps[1]),
            p50Ms: latencies.length ? percentile(latencies, 50) / 1000 : null,
            p99Ms: latencies.length ? percentile(latencies, 99) / 1000 : null,
            meanMs: latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length / 1000 : null,
            completed: Number(processed[1]),
            unexpected: 0,
            errors: failed ? Number(failed[1]) : 0,
            timeouts: 0,
            statusCounts: {},
            loadgenCpu: null,
          };
        },
        async stop() {
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

module.exports = { nodeHttp, childServer, startChildServer, pgbench };
