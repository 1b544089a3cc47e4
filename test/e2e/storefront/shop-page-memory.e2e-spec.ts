import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { type ChildRun, spawnTs } from '@test/support/cli';
import { createProduct } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { freePort, useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/** The process's resident memory in bytes, from the kernel (`VmRSS`). */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) * 1024;
}

const MIB = 1024 * 1024;

/** A catalog cursor as the catalog encodes one, for a product key of the attacker's choosing (never issued by the service). */
const forgedCursor = (nameKey: string) => Buffer.from(JSON.stringify(['storefront-products', nameKey, 1])).toString('base64url');

/**
 * The security finding "a shop page turned into memory" (docs/security.md): a shop of 320 products
 * whose 255-character names and 5,000-character descriptions are `<` and `&` (what grows most when
 * escaped), and an attacker asking its page with many distinct searches and made-up cursors. Each
 * search matches one group of 40 products (a page the cache may keep) or all of them (a page over
 * 1 MiB, never kept). The service runs in a process of its own, so its resident memory is the
 * service's alone.
 */
describe('The shop page under a hostile catalog and distinct searches (docs/security.md)', () => {
  let service: ChildRun | undefined;
  let listening: Promise<void> = Promise.resolve();
  let base = '';

  // Started first and awaited in the test: the child compiles and starts while the test app below does.
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const run = spawnTs('src/main.ts', [], {
      APP_ROLE: 'api',
      PORT: String(port),
      GRPC_URL: `127.0.0.1:${await freePort()}`,
      LOG_LEVEL: 'info',
    });
    service = run;
    let exitCode: number | null | undefined;
    void run.exited.then((code) => (exitCode = code));
    listening = (async () => {
      // Compiling and starting the service in a child takes a while on a busy machine.
      await waitFor(() => exitCode !== undefined || run.output().includes('Storefront API listening'), {
        timeoutMs: 150_000,
        intervalMs: 200,
        what: 'the service listening',
      });
      if (exitCode !== undefined) throw new Error(`exited (${exitCode}) before listening:\n${run.output()}`);
    })();
    listening.catch(() => undefined);
  });

  afterAll(async () => {
    if (!service) return;
    service.child.kill('SIGTERM');
    await service.exited;
  });

  const t = useTestApp();

  const page = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' }, signal: AbortSignal.timeout(60_000) });
    await res.arrayBuffer();
    return res;
  };

  it('keeps the resident memory within 150 MB over 150 distinct searches and cursors, and another shop keeps answering', async () => {
    const hostile = await createTenantWithOwner(t, { tenant: { slug: `hostile-${randomUUID().slice(0, 8)}` } });
    // Product n is in group n % 8: its name is `g<group>`, `<&` 124 times, and its number.
    await t.db.query(
      `INSERT INTO products (tenant_id, name, description, price, stock, name_key, description_key)
       SELECT $1, name, repeat('<&', 2500), 10, 5, name, repeat('<&', 2500)
       FROM (SELECT 'g' || (n % 8) || repeat('<&', 124) || lpad(n::text, 3, '0') AS name FROM generate_series(1, 320) AS n) AS named`,
      [hostile.tenant.id],
    );
    const quiet = await createTenantWithOwner(t, { tenant: { slug: `quiet-${randomUUID().slice(0, 8)}`, name: 'Pulpería tranquila' } });
    await createProduct(t, quiet.tenant.id, { name: 'Café molido' });
    await listening;
    const hostilePath = `/s/${hostile.tenant.slug}`;
    const quietPath = `/s/${quiet.tenant.slug}`;
    const search = (q: string, cursor?: string) => `${hostilePath}?${new URLSearchParams({ q, ...(cursor ? { cursor } : {}) }).toString()}`;

    // Warm: a page of each kind has been served once before the first reading.
    for (const path of [hostilePath, search('<&'), search('g0<&'), search('g0<&', forgedCursor('g0')), quietPath]) {
      expect((await page(path)).status).toBe(200);
    }
    const pid = service!.child.pid!;
    const before = await residentBytes(pid);

    // 120 searches of one group (`g3<&`, `g3<&<`, …: 15 lengths in each of the 8 groups), 20 of
    // them again with a made-up cursor, and 10 that match every product (`<&<&…`).
    const groupSearch = (group: number, length: number) => `g${group}${'<&'.repeat(50)}`.slice(0, 4 + length);
    const paths = [
      ...Array.from({ length: 120 }, (_, i) => search(groupSearch(i % 8, Math.floor(i / 8)))),
      ...Array.from({ length: 20 }, (_, i) => search(groupSearch(i % 8, 20), forgedCursor(`g${i % 8}${i}`))),
      ...Array.from({ length: 10 }, (_, i) => search('<&'.repeat(10).slice(0, i + 3))),
    ];
    let attackDone = false;
    let quietAnswers = 0;
    const quietShop = (async () => {
      while (!attackDone) {
        // Generous: the other shop must answer, not be fast (speed is for the benchmarks).
        const res = await fetch(`${base}${quietPath}`, { signal: AbortSignal.timeout(5_000) });
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('Café molido');
        quietAnswers += 1;
      }
    })();
    const attack = (async () => {
      try {
        const queue = [...paths];
        await Promise.all(
          Array.from({ length: 3 }, async () => {
            for (let path = queue.shift(); path; path = queue.shift()) expect((await page(path)).status).toBe(200);
          }),
        );
      } finally {
        attackDone = true;
      }
    })();
    await Promise.all([attack, quietShop]);

    const after = await residentBytes(pid);
    expect(quietAnswers).toBeGreaterThan(0);
    expect((after - before) / MIB).toBeLessThanOrEqual(150);
  }, 240_000);
});
