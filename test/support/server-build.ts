import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { transformFile, type Options } from '@swc/core';

const ROOT = join(__dirname, '../..');

/**
 * Where the service's sources are compiled for the processes tests spawn (`src/main.ts`,
 * `src/cli.ts`): inside node_modules, so that the compiled files find the packages as the sources
 * do, and their `__dirname` lookups (the dashboard's build, the storefront's assets, `proto/`) walk
 * up to the same repository root.
 */
export const SERVER_BUILD_DIR = join(ROOT, 'node_modules/.cache/storefront-test-server');

/** What the service is made of (the tsconfig.json path aliases point into these). */
const SOURCE_DIRS = ['src', 'migrations', 'client/src'];

/** As jest.config.js transforms, plus tsconfig.json's path aliases rewritten to relative paths. */
const SWC: Options = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true, decorators: true },
    target: 'es2022',
    keepClassNames: true,
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true, react: { runtime: 'automatic' } },
    baseUrl: ROOT,
    paths: {
      '@common/*': ['src/common/*'],
      '@config/*': ['src/config/*'],
      '@infra/*': ['src/infra/*'],
      '@modules/*': ['src/modules/*'],
      '@migrations': ['migrations/index'],
      '@client': ['client/src/index'],
      '@app/*': ['src/*'],
    },
  },
  module: { type: 'commonjs' },
  swcrc: false,
  configFile: false,
};

/**
 * Compiles the service once per run (each file only when its source changed since), so that a
 * spawned process starts from JavaScript instead of transpiling some 700 files itself through
 * ts-node: about 3 s of CPU saved per process, and the suite spawns dozens. Types are not checked
 * (as in the test files: that is `npm run typecheck`). Returns how many files were compiled.
 */
export async function ensureServerBuilt(): Promise<number> {
  const wanted = new Set<string>();
  const stale: Array<{ source: string; target: string }> = [];
  for (const dir of SOURCE_DIRS) {
    for (const source of filesUnder(join(ROOT, dir))) {
      if (/\.spec\.tsx?$/.test(source) || source.endsWith('.d.ts') || source.endsWith('.md')) continue;
      const target = join(SERVER_BUILD_DIR, relative(ROOT, source)).replace(/\.tsx?$/, '.js');
      wanted.add(target);
      const built = statSync(target, { throwIfNoEntry: false });
      if (!built || built.mtimeMs < statSync(source).mtimeMs) stale.push({ source, target });
    }
  }
  // SWC transforms on libuv's thread pool: the files compile on every core at once.
  await Promise.all(
    stale.map(async ({ source, target }) => {
      mkdirSync(dirname(target), { recursive: true });
      if (/\.tsx?$/.test(source)) await writeFile(target, (await transformFile(source, SWC)).code);
      else await copyFile(source, target);
    }),
  );
  // A source deleted or renamed since the last run leaves no stale module behind.
  for (const built of filesUnder(SERVER_BUILD_DIR)) if (!wanted.has(built)) rmSync(built);
  return stale.length;
}

function filesUnder(dir: string): string[] {
  const files: string[] = [];
  if (!statSync(dir, { throwIfNoEntry: false })) return files;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) files.push(join(entry.parentPath, entry.name));
  }
  return files;
}
