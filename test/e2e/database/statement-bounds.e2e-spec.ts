import http from 'node:http';
import { Client } from 'pg';
import { scopedStoragesHooked } from '@common/util/scoped-storage';
import { createShop } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { TEST_DATABASE_URL } from '@test/support/test-env';
import { useTestApp } from '@test/support/test-app';

/**
 * What one request may cost the database (decisions §1, §13): no statement outlives
 * DATABASE_STATEMENT_TIMEOUT_MS (the request answers 503), and a read whose client hangs up has its
 * statement cancelled at once. A slow list is made real by holding a lock its first statement needs.
 */
describe('Statement bounds', () => {
  const t = useTestApp({
    env: { DATABASE_STATEMENT_TIMEOUT_MS: '3000', DATABASE_TRANSACTION_STATEMENT_TIMEOUT_MS: '5000', DATABASE_QUERY_TIMEOUT_MS: '6000' },
    logLevel: 'warn',
  });
  const locker = new Client({ connectionString: TEST_DATABASE_URL, application_name: 'statement-bounds-test' });
  // Outside any transaction: pg_stat_activity is read once per transaction.
  const observer = new Client({ connectionString: TEST_DATABASE_URL, application_name: 'statement-bounds-test' });
  beforeAll(() => Promise.all([locker.connect(), observer.connect()]));
  afterAll(() => Promise.all([locker.end(), observer.end()]));

  /** Holds list_counts against reads until `release` (its transaction rolls back). */
  async function blockLists(): Promise<{ release: () => Promise<void> }> {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE list_counts IN ACCESS EXCLUSIVE MODE');
    return { release: async () => void (await locker.query('ROLLBACK')) };
  }

  /** The app's statements now waiting on list_counts. */
  async function waitingListReads(): Promise<number> {
    const { rows } = await observer.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND query ILIKE '%FROM list_counts%' AND pid <> pg_backend_pid()`,
    );
    return rows[0].n;
  }

  async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < withinMs) {
      if (await check()) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`not within ${withinMs} ms`);
  }

  it('answers 503 with Retry-After once a statement passes the server-side timeout, and logs it', async () => {
    const { token } = await createShop(t);
    const lock = await blockLists();
    try {
      const started = Date.now();
      const res = await t.http().get('/api/v1/orders').set(authHeader(token));
      const took = Date.now() - started;
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'Service temporarily unavailable.' });
      expect(res.headers['retry-after']).toBe('5');
      expect(took).toBeGreaterThanOrEqual(2900);
      expect(took).toBeLessThan(5000);
      expect(t.logs.some((line) => line.msg === 'Statement cancelled' && line.url === '/api/v1/orders')).toBe(true);
    } finally {
      await lock.release();
    }
    expect((await t.http().get('/api/v1/orders').set(authHeader(token))).status).toBe(200);
  });

  it('cancels the running statement within a second of the client closing its connection', async () => {
    const { token } = await createShop(t);
    const lock = await blockLists();
    try {
      const url = new URL('/api/v1/orders?page=1', t.baseUrl);
      const req = http.get(url, { headers: authHeader(token) });
      req.on('error', () => undefined);
      // The list's statement is running (waiting on the lock) on the server.
      await until(async () => (await waitingListReads()) === 1, 2000);
      // Still there a while later: only the disconnect below can end it before the 3 s timeout.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await waitingListReads()).toBe(1);
      req.destroy();
      const gone = await until(async () => (await waitingListReads()) === 0, 1000);
      expect(gone).toBeLessThan(1000);
    } finally {
      await lock.release();
    }
  });

  it('lets a write wait on a lock past the read bound: its transaction has its own', async () => {
    const { token, tenant } = await createShop(t);
    const lock = await blockLists();
    const started = Date.now();
    const created = t.http().post('/api/v1/merchant/products').set(authHeader(token)).send({ name: 'Patient', price: 5, stock: 1 });
    // The insert's counter trigger waits on the lock for longer than DATABASE_STATEMENT_TIMEOUT_MS (3 s).
    const released = new Promise<void>((resolve) => setTimeout(() => void lock.release().then(resolve), 3800));
    const [res] = await Promise.all([created, released]);
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3800);
    const rows: Array<{ n: number }> = await t.db.query(
      `SELECT count(*)::int AS n FROM products WHERE tenant_id = $1 AND name = 'Patient'`,
      [tenant.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('lets a write run to its end when its client leaves', async () => {
    const { token, tenant } = await createShop(t);
    const lock = await blockLists();
    const body = JSON.stringify({ name: 'Kept', price: 5, stock: 1 });
    const req = http.request(new URL('/api/v1/merchant/products', t.baseUrl), {
      method: 'POST',
      headers: { ...authHeader(token), 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    req.on('error', () => undefined);
    req.end(body);
    try {
      // The insert's counter trigger waits on the lock; the client leaves meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 500));
      req.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await lock.release();
    }
    await until(async () => {
      const rows: Array<{ n: number }> = await t.db.query(
        `SELECT count(*)::int AS n FROM products WHERE tenant_id = $1 AND name = 'Kept'`,
        [tenant.id],
      );
      return rows[0].n === 1;
    }, 2000);
  });

  it("ends every request's async-context scope: once a read, a write and an abandoned read are over, no async hooks stay installed", async () => {
    const { token } = await createShop(t);
    expect((await t.http().get('/api/v1/orders').set(authHeader(token))).status).toBe(200);
    const created = await t.http().post('/api/v1/merchant/products').set(authHeader(token)).send({ name: 'Scoped', price: 5, stock: 1 });
    expect(created.status).toBe(201);
    const lock = await blockLists();
    try {
      const req = http.get(new URL('/api/v1/orders?page=1', t.baseUrl), { headers: authHeader(token) });
      req.on('error', () => undefined);
      await until(async () => (await waitingListReads()) === 1, 2000);
      req.destroy();
      await until(async () => (await waitingListReads()) === 0, 1000);
    } finally {
      await lock.release();
    }
    // Well within the 10 s an abandoned read that never answers would keep its scope.
    await until(() => Promise.resolve(!scopedStoragesHooked()), 3000);
  });
});
