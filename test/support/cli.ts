import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { TEST_ENV } from './test-env';
import { waitFor } from './wait';

export interface ChildRun {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved as they came. */
  output: () => string;
  /** stdout so far. */
  stdout: () => string;
  /** The exit code, once the process has ended and its output is read to the end. */
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  /** In a process group of its own, as a terminal runs a command: `process.kill(-pid, 'SIGINT')` is a Ctrl-C. */
  detached?: boolean;
}

/**
 * Runs an entry point of the service (`src/main.ts`, `src/cli.ts`) in a child process, with the
 * test environment: its compiled copy when globalSetup compiled the service for the run
 * (test/support/server-build.ts), else the TypeScript itself through ts-node.
 */
export function spawnTs(script: string, args: string[] = [], env: Record<string, string> = {}, options: SpawnOptions = {}): ChildRun {
  const compiled =
    process.env.TEST_SERVER_BUILD && script.startsWith('src/')
      ? [join(process.env.TEST_SERVER_BUILD, script.replace(/\.tsx?$/, '.js'))]
      : undefined;
  const child = spawn(process.execPath, [...(compiled ?? ['-r', 'ts-node/register/transpile-only', script]), ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...TEST_ENV, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  let stdout = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => output, stdout: () => stdout, exited };
}

/** `npm run cli -- <args>` against the test database: answers once the command has exited. */
export async function runCli(...args: string[]): Promise<{ code: number | null; stdout: string; output: string }> {
  const run = spawnTs('src/cli.ts', args);
  const code = await run.exited;
  return { code, stdout: run.stdout(), output: run.output() };
}

/** `src/main.ts` in a child process, once its log says `readyText`; rejects (with its output) when it exits first. */
export async function startMain(env: Record<string, string>, readyText: string, options: SpawnOptions = {}): Promise<ChildRun> {
  const run = spawnTs('src/main.ts', [], { LOG_LEVEL: 'info', ...env }, options);
  let exitCode: number | null | undefined;
  void run.exited.then((code) => (exitCode = code));
  try {
    await waitFor(() => exitCode !== undefined || run.output().includes(readyText), { timeoutMs: 45_000, what: `"${readyText}"` });
  } catch (error) {
    run.child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${run.output()}`);
  }
  if (exitCode !== undefined) throw new Error(`exited (${exitCode}) before ready:\n${run.output()}`);
  return run;
}
