import { randomUUID } from 'node:crypto';
import { signWebhookBody } from '@modules/payments/domain/webhook-signature';
import { uniqueClientIp } from '@test/support/http-clients';
import { type TestApp, useTestApp } from '@test/support/test-app';

const SECRET = 'whsec_flood_0123456789';

/**
 * Bad signatures are counted in the security log at most once a minute per IP, with a count
 * (decisions §10): a flood of forged deliveries cannot flood the log. Two app instances share the
 * database, as two API processes behind a load balancer do.
 */
describe('Payment webhook: bad signatures are counted, once a minute per IP', () => {
  const options = { env: { PAYMENT_WEBHOOK_SECRET: SECRET }, logLevel: 'warn' };
  const first = useTestApp(options);
  const second = useTestApp(options);

  const deliver = (t: TestApp, ip: string, signature: string | null, body = { id: `evt_${randomUUID()}`, event: 'x.y', data: {} }) => {
    const raw = JSON.stringify(body);
    const req = t.http().post('/api/webhooks/payment').set('Content-Type', 'application/json').set('X-Forwarded-For', ip);
    return (signature === null ? req : req.set('X-Signature', signature)).send(raw);
  };
  const rowsOf = (ip: string) =>
    first.db.query<Array<{ event: string; resource_type: string; count: number }>>(
      `SELECT event, resource_type, (details->>'count')::int AS count FROM security_log WHERE ip = $1 ORDER BY id`,
      [ip],
    );
  const warningsAbout = (ip: string) =>
    [...first.logs, ...second.logs].filter((line) => line.securityEvent === 'WEBHOOK_SIGNATURE_REJECTED' && line.ip === ip);

  // Each case asserts rows of one minute window, so it must not straddle the database clock's
  // minute boundary: a case that starts in the last 20 s of a minute waits for the next one.
  beforeEach(async () => {
    const [{ left }] = await first.db.query<Array<{ left: number }>>(
      `SELECT extract(epoch FROM date_trunc('minute', clock_timestamp()) + interval '1 minute' - clock_timestamp())::float8 AS left`,
    );
    if (left < 20) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 50));
  }, 30_000);

  it('50 parallel forged deliveries from one IP, spread over two instances: 50 × 403, one row with count 50', async () => {
    const ip = uniqueClientIp();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => deliver(i % 2 === 0 ? first : second, ip, i % 3 === 0 ? null : 'f'.repeat(64))),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(50).fill(403));
    expect(await rowsOf(ip)).toEqual([{ event: 'WEBHOOK_SIGNATURE_REJECTED', resource_type: 'payment_webhook', count: 50 }]);
    // The application log is not flooded either: one warning for the window.
    expect(warningsAbout(ip)).toHaveLength(1);
  });

  it('counts each IP on its own; a good signature from the same IP adds nothing (positive control)', async () => {
    const [a, b] = [uniqueClientIp(), uniqueClientIp()];
    await Promise.all([deliver(first, a, 'f'.repeat(64)), deliver(second, a, null), deliver(first, b, null)]);
    const body = { id: `evt_${randomUUID()}`, event: 'refund.created', data: {} };
    const good = await deliver(second, a, signWebhookBody(SECRET, JSON.stringify(body)), body);
    expect(good.status).toBe(202);
    expect((await rowsOf(a)).map((row) => row.count)).toEqual([2]);
    expect((await rowsOf(b)).map((row) => row.count)).toEqual([1]);
  });

  it('starts a new row, and a new warning, in the next minute', async () => {
    const ip = uniqueClientIp();
    await deliver(first, ip, null);
    await deliver(second, ip, null);
    // The same as a minute having passed: the window of the existing row is over.
    await first.db.query(`UPDATE security_log SET window_start = window_start - interval '1 minute' WHERE ip = $1`, [ip]);
    await deliver(second, ip, null);
    expect((await rowsOf(ip)).map((row) => row.count)).toEqual([2, 1]);
    expect(warningsAbout(ip)).toHaveLength(2);
  });
});
