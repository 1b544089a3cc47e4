import { randomUUID } from 'node:crypto';
import { signWebhookBody } from '@modules/payments/domain/webhook-signature';
import { createTenantWithOwner } from '@test/support/factories';
import { type TestApp, useTestApp } from '@test/support/test-app';

/**
 * X-Payment-Provider is not covered by the signature (decisions §10): it may pick which secret
 * verifies a delivery, but it can never turn a captured delivery into a new event.
 */
function webhookClient(t: TestApp) {
  return (raw: string, signature: string, headers: Record<string, string> = {}) =>
    t.http().post('/api/webhooks/payment').set('Content-Type', 'application/json').set('X-Signature', signature).set(headers).send(raw);
}

async function subscriptionCreated(t: TestApp) {
  const { tenant } = await createTenantWithOwner(t);
  const id = `evt_${randomUUID()}`;
  const raw = JSON.stringify({
    id,
    event: 'subscription.created',
    data: { tenant_id: tenant.id, current_period_end: '2030-01-01T00:00:00Z' },
  });
  const effects = async () =>
    (
      await t.db.query(`SELECT count(*)::int AS n FROM tenant_events WHERE tenant_id = $1 AND event = 'subscription.created'`, [tenant.id])
    )[0].n as number;
  const logRows = () =>
    t.db.query<Array<{ provider: string }>>('SELECT provider FROM webhook_logs WHERE external_event_id = $1 ORDER BY id', [id]);
  return { raw, effects, logRows };
}

describe('Payment webhook with one secret: X-Payment-Provider is ignored', () => {
  const SECRET = 'whsec_single_0123456789';
  const t = useTestApp({ env: { PAYMENT_WEBHOOK_SECRET: SECRET, PAYMENT_PROVIDER: 'acme' } });
  const deliver = webhookClient(t);

  it('a captured subscription.created replayed under other provider names is not applied again', async () => {
    const { raw, effects, logRows } = await subscriptionCreated(t);
    const signature = signWebhookBody(SECRET, raw);

    // Positive control: the genuine delivery is applied once.
    expect((await deliver(raw, signature)).status).toBe(200);
    expect(await effects()).toBe(1);

    for (const provider of ['acme2', 'stripe', 'ACME', 'x'.repeat(100)]) {
      const replay = await deliver(raw, signature, { 'X-Payment-Provider': provider });
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual({ status: 'ok' });
    }
    expect(await effects()).toBe(1);
    expect(await logRows()).toEqual([{ provider: 'acme' }]);
  });

  it('records a first delivery that names a provider under PAYMENT_PROVIDER', async () => {
    const { raw, effects, logRows } = await subscriptionCreated(t);
    expect((await deliver(raw, signWebhookBody(SECRET, raw), { 'X-Payment-Provider': 'stripe' })).status).toBe(200);
    expect(await logRows()).toEqual([{ provider: 'acme' }]);
    expect(await effects()).toBe(1);
  });
});

describe('Payment webhook with several gateways (PAYMENT_WEBHOOK_SECRETS)', () => {
  const ALPHA = 'whsec_alpha_0123456789';
  const BETA = 'whsec_beta_9876543210';
  const t = useTestApp({ env: { PAYMENT_WEBHOOK_SECRETS: `alpha:${ALPHA}, beta:${BETA}`, PAYMENT_PROVIDER: 'alpha' } });
  const deliver = webhookClient(t);

  it("accepts a delivery signed with the named provider's secret, recorded under that provider", async () => {
    const alpha = await subscriptionCreated(t);
    expect((await deliver(alpha.raw, signWebhookBody(ALPHA, alpha.raw), { 'X-Payment-Provider': 'alpha' })).status).toBe(200);
    expect(await alpha.logRows()).toEqual([{ provider: 'alpha' }]);
    expect(await alpha.effects()).toBe(1);

    const beta = await subscriptionCreated(t);
    expect((await deliver(beta.raw, signWebhookBody(BETA, beta.raw), { 'X-Payment-Provider': 'beta' })).status).toBe(200);
    expect(await beta.logRows()).toEqual([{ provider: 'beta' }]);
    expect(await beta.effects()).toBe(1);
  });

  it('without the header, PAYMENT_PROVIDER names the provider (and only its secret verifies)', async () => {
    const { raw, logRows } = await subscriptionCreated(t);
    expect((await deliver(raw, signWebhookBody(BETA, raw))).status).toBe(403);
    expect((await deliver(raw, signWebhookBody(ALPHA, raw))).status).toBe(200);
    expect(await logRows()).toEqual([{ provider: 'alpha' }]);
  });

  it("refuses a captured delivery replayed under another provider's name: 403, nothing applied again", async () => {
    const { raw, effects, logRows } = await subscriptionCreated(t);
    const signature = signWebhookBody(ALPHA, raw);
    expect((await deliver(raw, signature, { 'X-Payment-Provider': 'alpha' })).status).toBe(200);

    for (const provider of ['beta', 'gamma', 'ALPHA']) {
      const replay = await deliver(raw, signature, { 'X-Payment-Provider': provider });
      expect({ provider, status: replay.status, body: replay.body }).toEqual({
        provider,
        status: 403,
        body: { message: 'Invalid signature' },
      });
    }
    expect(await effects()).toBe(1);
    expect(await logRows()).toEqual([{ provider: 'alpha' }]);
  });

  it("refuses a delivery signed with another provider's secret", async () => {
    const { raw, effects, logRows } = await subscriptionCreated(t);
    const res = await deliver(raw, signWebhookBody(BETA, raw), { 'X-Payment-Provider': 'alpha' });
    expect(res.status).toBe(403);
    expect(await effects()).toBe(0);
    expect(await logRows()).toEqual([]);
  });
});
