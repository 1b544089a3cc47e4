import { createShop } from '@test/support/commerce-factories';
import { post } from '@test/support/exports';
import { useTestApp } from '@test/support/test-app';

/**
 * Shutting down while a worker's job is still queueing its follow-up work (an export queueing its
 * notification's push and broadcast): the app closes promptly. On the PostgreSQL queue backend an
 * add to a queue that Nest had already closed never settled, so the worker's close waited forever
 * for that job (src/infra/queue/postgres-closing-adds.ts). Runs on both backends (jest.config.js).
 */
describe('Shutdown during an export', () => {
  const t = useTestApp();

  it('closes within seconds when an export was just requested', async () => {
    const shop = await createShop(t);
    expect((await post(t, '/api/v1/exports/orders', shop.token)).status).toBe(202);
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      t.close().then(() => 'closed'),
      new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still closing after 15 s'), 15_000))),
    ]);
    clearTimeout(timer);
    expect(outcome).toBe('closed');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
