import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const MANIFEST = join(ROOT, 'dist', 'storefront-assets', '.vite', 'manifest.json');
/** What the shop pages' build reads: the client's sources and the texts and shapes it shares with the server. */
const SOURCES = [
  join(ROOT, 'storefront'),
  join(ROOT, 'src', 'modules', 'shop-pages', 'i18n'),
  join(ROOT, 'src', 'modules', 'shop-pages', 'pages'),
];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/**
 * The shop pages load their built script and style sheet (`npm run build` writes them): a fresh
 * clone, or a change to their sources since the last build, builds them once here (about a second).
 */
export function ensureStorefrontAssets(): void {
  if (existsSync(MANIFEST) && statSync(MANIFEST).mtimeMs >= Math.max(...SOURCES.map(newestChange))) return;
  execFileSync(
    process.execPath,
    [join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js'), 'build', '--config', 'storefront/vite.config.mts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    },
  );
}
