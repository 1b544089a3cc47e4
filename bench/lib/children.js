'use strict';
/**
 * Every child process the harness starts is registered here, so that whatever way the harness ends
 * (normal end, thrown error, Ctrl-C, SIGTERM) no server is left listening behind it.
 *
 * - `stopAll()` is the polite path: SIGTERM, a grace period, then SIGKILL.
 * - On `exit` (which runs synchronously, whatever the cause) anything still alive gets SIGKILL.
 * - Children are also started with an IPC channel and `exit-with-parent.js` preloaded, so they end
 *   themselves when the harness dies without running any handler (SIGKILL, OOM killer).
 */
const { spawn } = require('node:child_process');
const path = require('node:path');

const EXIT_WITH_PARENT = path.join(__dirname, 'exit-with-parent.js');
const LOG_LINES_KEPT = 200;

/** @type {Set<ManagedChild>} */
const alive = new Set();
let handlersInstalled = false;

class ManagedChild {
  constructor(name, child) {
    this.name = name;
    this.child = child;
    this.pid = child.pid;
    this.lines = [];
    this.exited = false;
    this.exitCode = null;
    this.signal = null;
    this.exitPromise = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exited = true;
        this.exitCode = code;
        this.signal = signal;
        alive.delete(this);
        resolve({ code, signal });
      });
    });
    child.once('error', (error) => this.lines.push(`[spawn error] ${error.message}`));
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (text) => {
        pending += text;
        const parts = pending.split('\n');
        pending = parts.pop();
        for (const line of parts) this.keep(line);
      });
      stream.on('end', () => pending && this.keep(pending));
    }
  }

  keep(line) {
    this.lines.push(line);
    if (this.lines.length > LOG_LINES_KEPT) this.lines.shift();
    if (process.env.BENCH_VERBOSE) process.stderr.write(`[${this.name}] ${line}\n`);
  }

  /** The last lines the child printed, for error messages. */
  tail(count = 30) {
    return this.lines.slice(-count).join('\n');
  }

  /** SIGTERM, then SIGKILL after `graceMs`. Resolves once the process has exited. */
  async stop(graceMs = 5000) {
    if (this.exited) return;
    try {
      this.child.kill('SIGTERM');
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      if (!this.exited) {
        try {
          this.child.kill('SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }, graceMs);
    await this.exitPromise;
    clearTimeout(timer);
  }
}

/**
 * Starts `node <args>` as a managed child. `args` are node arguments (script first); the child gets
 * an IPC channel and exits by itself if the harness goes away.
 */
function startNode(name, args, { env, cwd } = {}) {
  installHandlers();
  const child = spawn(process.execPath, ['--require', EXIT_WITH_PARENT, ...args], {
    env,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const managed = new ManagedChild(name, child);
  alive.add(managed);
  return managed;
}

/** Starts any executable (e.g. wrk) as a managed child. */
function startProgram(name, file, args, { env, cwd } = {}) {
  installHandlers();
  const child = spawn(file, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const managed = new ManagedChild(name, child);
  alive.add(managed);
  return managed;
}

async function stopAll(graceMs) {
  await Promise.all([...alive].map((child) => child.stop(graceMs)));
}

function killAllNow() {
  for (const managed of alive) {
    try {
      managed.child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

/** Hooks run by the harness on interruption, before the children are stopped (e.g. stop autocannon). */
const interruptHooks = new Set();
function onInterrupt(hook) {
  interruptHooks.add(hook);
  return () => interruptHooks.delete(hook);
}

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', killAllNow);
  let interrupted = false;
  const onSignal = (signal, code) => {
    if (interrupted) {
      // Second Ctrl-C: no more waiting.
      killAllNow();
      process.exit(code);
    }
    interrupted = true;
    process.stderr.write(`\nbench: ${signal}: stopping children...\n`);
    for (const hook of interruptHooks) {
      try {
        hook();
      } catch {
        /* best effort */
      }
    }
    stopAll(3000).finally(() => process.exit(code));
  };
  process.on('SIGINT', () => onSignal('SIGINT', 130));
  process.on('SIGTERM', () => onSignal('SIGTERM', 143));
  process.on('SIGHUP', () => onSignal('SIGHUP', 129));
}

module.exports = { startNode, startProgram, stopAll, killAllNow, onInterrupt, installHandlers };
