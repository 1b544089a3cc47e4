import { randomUUID } from 'node:crypto';
import { runMigrations } from '@infra/database/run-migrations';
import { createShop } from '@test/support/commerce-factories';
import { describeIf, requirements } from '@test/support/conditions';
import { authHeader } from '@test/support/factories';
import { useStarted } from '@test/support/lifecycle';
import { expectQuiet503Log, logsOf503s } from '@test/support/outage-logs';
import { usePostgresServer } from '@test/support/private-servers';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

// One app in this file: nestjs-pino keeps the first logger it is given for the lines written outside
// a request (as the summaries are), so a second app's summaries would land in the first one's capture.
describeIf(requirements.postgresBinaries)('Log of the 503s of a PostgreSQL outage (decisions §15)', () => {
  jest.setTimeout(90_000);
  let postgresDown = false;
  // Runs before the hooks below stop the app: an app never closes against a server a failed test left stopped.
  afterAll(async () => {
    if (postgresDown) await postgres.restart();
  });
  const postgres = usePostgresServer();
  useStarted(async () => ({ applied: await runMigrations(postgres.url) }));
  const t = useTestApp(() => ({
    role: 'api',
    logLevel: 'info',
    // No token cache: every request meets PostgreSQL's absence itself.
    env: { DATABASE_URL: postgres.url, QUEUE_PREFIX: `pg-logs-${randomUUID().slice(0, 8)}`, AUTH_TOKEN_CACHE_MS: '0' },
  }));

  it('50 requests answered 503 are one warning line with their count, without a stack; nothing at error level', async () => {
    const { token } = await createShop(t);
    const list = () => t.http().get('/api/v1/orders').set(authHeader(token)).timeout(5_000);
    expect((await list()).status).toBe(200);

    await postgres.stopImmediately();
    postgresDown = true;
    try {
      const result = await logsOf503s(t, 'postgres', 50, async () => (await list()).status);
      expectQuiet503Log(result, 'postgres', 50);
    } finally {
      await postgres.restart();
      postgresDown = false;
      await waitFor(async () => (await list()).status === 200, { timeoutMs: 5_000, what: 'lists served again' });
    }
  });
});
