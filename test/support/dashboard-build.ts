import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '../..');
const BUILT_INDEX = join(ROOT, 'dist/dashboard/index.html');
/** What the dashboard's build is made from: its own folder and the generated API client. */
const SOURCES = [join(ROOT, 'dashboard'), join(ROOT, 'client/src')];

/**
 * The browser tests open the built dashboard (dist/dashboard/, served at /dashboard/): build it
 * once for the run when it is missing or older than any of its sources, so that `npm test` on a
 * fresh clone (or after `nest build`, which empties dist/) passes without a separate step.
 */
export function ensureDashboardBuilt(): void {
  if (existsSync(BUILT_INDEX) && statSync(BUILT_INDEX).mtimeMs >= Math.max(...SOURCES.map(newestChange))) return;
  const started = Date.now();
  execFileSync(
    process.execPath,
    [
      join(dirname(require.resolve('vite/package.json')), 'bin/vite.js'),
      'build',
      '--config',
      'dashboard/vite.config.mts',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  process.stderr.write(`Built the dashboard for the browser tests in ${Date.now() - started} ms (dist/dashboard/).\n`);
}

/** The newest modification time under `path` (a file or a folder, node_modules left out); 0 when it does not exist. */
export function newestChange(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}
