import { watch, type FSWatcher } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTs } from '@test/support/cli';
import { postgresProcessesOf } from '@test/support/zero-setup';

/**
 * The embedded PostgreSQL's superuser password never leaves DATA_DIR (decisions §15): initdb used
 * to read it from a file the library wrote, world-readable, into the system's temporary directory.
 * The child's TMPDIR is a directory watched here, so every file written there is read as it appears.
 */
describe('Embedded PostgreSQL: the password is written only under DATA_DIR, mode 0600', () => {
  let root: string;
  let watcher: FSWatcher | undefined;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'storefront-pg-password-'));
    // Under root the server runs as the `postgres` user, which must be able to enter the directory.
    await chmod(root, 0o755);
  });

  afterAll(async () => {
    watcher?.close();
    for (const pid of await postgresProcessesOf(join(root, 'data', 'postgres'))) process.kill(pid, 'SIGKILL');
    await rm(root, { recursive: true, force: true });
  });

  /** Every file that appears in `dir`, with the last non-empty text read from it before it went. */
  function recordFiles(dir: string): Map<string, string> {
    const seen = new Map<string, string>();
    const follow = async (name: string) => {
      // Read until the file is gone (the library deletes it after initdb) or it has held text a while.
      for (let reads = 0; reads < 500; reads++) {
        const text = await readFile(join(dir, name), 'utf8').catch(() => undefined);
        if (text === undefined) return;
        if (text !== '') seen.set(name, text);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    watcher = watch(dir, (_event, name) => {
      if (name && !seen.has(name)) {
        seen.set(name, '');
        void follow(name);
      }
    });
    return seen;
  }

  it('initialises and starts with no copy of the password outside DATA_DIR, and only 0600 password files in it', async () => {
    const dataDir = join(root, 'data');
    const temporary = await mkdtemp(join(root, 'tmp-'));
    await chmod(temporary, 0o1777);
    const seen = recordFiles(temporary);

    const run = spawnTs('test/support/embedded-postgres-once.ts', [dataDir], { TMPDIR: temporary });
    const code = await run.exited;
    // Ready means the server took the password of DATA_DIR/postgres-password (the cluster was initialised with it).
    expect({ code, output: run.output() }).toEqual({ code: 0, output: expect.stringContaining('embedded PostgreSQL ready') });

    const password = (await readFile(join(dataDir, 'postgres-password'), 'utf8')).trim();
    expect(password).toMatch(/^[0-9a-f]{64}$/);
    for (const [name, text] of seen) expect({ name, holdsPassword: text.includes(password) }).toEqual({ name, holdsPassword: false });

    const passwordFiles = (await readdir(dataDir)).filter((name) => name.includes('password'));
    expect(passwordFiles).toEqual(['postgres-password']);
    expect((await stat(join(dataDir, 'postgres-password'))).mode & 0o777).toBe(0o600);
  });
});
