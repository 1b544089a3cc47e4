import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { OUTBOX_QUEUE, OutboxJobData, outboxJobId } from '@infra/outbox/outbox.constants';
import { OutboxProcessor } from '@infra/outbox/outbox.processor';
import { OutboxRelay } from '@infra/outbox/outbox.relay';
import { AI_ENRICHMENT_QUEUE } from '@modules/ai/jobs/ai-enrichment.queue';
import { authHeader, createTenantWithOwner, PROVEN_EMAIL } from '@test/support/factories';
import { useFakeAiProvider } from '@test/support/fake-ai-provider';
import { jobsOn, removeFinishedJob } from '@test/support/queues';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const PROFILE = { description: 'Sourdough baked every morning.', slogan: 'Bread worth waking up for' };

/**
 * Issue 24 item 5: optimize-profile commits its job row, its credits and an AiEnrichmentRequested
 * outbox row in one transaction; the relay delivers the event and its consumer queues the job. No
 * request is left with its credits taken and nothing to run its job.
 */
describe('optimize-profile: the job is queued through the outbox', () => {
  const ai = useFakeAiProvider();
  const t = useTestApp(() => ({ env: { AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test', AI_MAX_RETRIES: '0' } }));
  beforeEach(() => ai.reply({ json: PROFILE, totalTokens: 50 }));

  const queue = () => t.get<Queue>(getQueueToken(AI_ENRICHMENT_QUEUE));
  const optimize = (token: string) => t.http().post('/api/v1/ai/optimize-profile').set(authHeader(token)).send({});
  const jobRow = async (jobId: string) =>
    (await t.db.query('SELECT status, credits_returned FROM ai_jobs WHERE id = $1', [jobId]))[0] as { status: string };
  const eventOf = async (jobId: string) =>
    (
      await t.db.query(
        `SELECT id, status, attempts, last_error FROM outbox_events WHERE event_type = 'AiEnrichmentRequested' AND payload->>'job_id' = $1`,
        [jobId],
      )
    )[0] as { id: string; status: string; attempts: number; last_error: string | null } | undefined;
  const creditsOf = async (tenantId: string) =>
    ((await t.db.query('SELECT ai_credits FROM tenants WHERE id = $1', [tenantId]))[0] as { ai_credits: number }).ai_credits;
  const tokensOf = async (tenantId: string) =>
    Number((await t.db.query(`SELECT coalesce(sum(tokens), 0) AS n FROM ai_daily_tokens WHERE scope = $1`, [`tenant:${tenantId}`]))[0].n);
  const callsFor = (name: string) => ai.completions().filter((request) => request.body.includes(name)).length;
  const succeeded = (jobId: string) =>
    waitFor(async () => (await jobRow(jobId)).status === 'succeeded', { what: `AI job ${jobId} to succeed` });

  it('a queue that cannot take the job after the commit: the request is accepted, the event waits, and the job runs once when it can', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 5 }, owner: PROVEN_EMAIL });
    let queueDown = true;
    const add = queue().add.bind(queue());
    const failingAdd = jest.spyOn(queue(), 'add').mockImplementation((...args: Parameters<Queue['add']>) => {
      if (queueDown) return Promise.reject(new Error('simulated: the queue cannot be reached'));
      return add(...args);
    });
    try {
      const res = await optimize(shop.token);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ status: 'queued', job_id: expect.any(String), remaining_credits: 4 });
      const jobId = res.body.job_id as string;

      // The delivery fails and stays to be retried; the job waits, queued, with its credit held for it.
      const failed = await waitFor(async () => ((await eventOf(jobId))?.last_error?.includes('simulated') ? eventOf(jobId) : null), {
        what: 'a failed delivery of the event',
      });
      expect(failed?.status).not.toBe('processed');
      expect((await jobRow(jobId)).status).toBe('queued');
      expect(callsFor(shop.tenant.name)).toBe(0);

      queueDown = false;
      await succeeded(jobId);
      await waitFor(async () => (await eventOf(jobId))?.status === 'processed', { what: 'the event to be processed' });
      expect(callsFor(shop.tenant.name)).toBe(1);
      expect(await creditsOf(shop.tenant.id)).toBe(4);
    } finally {
      failingAdd.mockRestore();
    }
  });

  it('the event, the job row and the credits commit together: a dispatch that cannot record its event spends nothing', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 5 }, owner: PROVEN_EMAIL });
    const fn = `fail_${shop.tenant.id.replace(/-/g, '')}`;
    await t.db.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.tenant_id = '${shop.tenant.id}' AND NEW.event_type = 'AiEnrichmentRequested' THEN RAISE EXCEPTION 'simulated failure'; END IF;
      RETURN NEW; END $$`);
    await t.db.query(`CREATE TRIGGER ${fn} BEFORE INSERT ON outbox_events FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      // The injected fault answers the opaque 500 of any unexpected error (decisions §1).
      const res = await optimize(shop.token);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Server Error' });
    } finally {
      await t.db.query(`DROP TRIGGER ${fn} ON outbox_events`);
      await t.db.query(`DROP FUNCTION ${fn}()`);
    }
    expect(await creditsOf(shop.tenant.id)).toBe(5);
    expect(await t.db.query('SELECT 1 FROM ai_jobs WHERE tenant_id = $1', [shop.tenant.id])).toEqual([]);
    expect(callsFor(shop.tenant.name)).toBe(0);
  });

  it('an event whose delivery fails for good ends its job failed: the credits and the reserved tokens go back', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 5 }, owner: PROVEN_EMAIL });
    const relay = t.get(OutboxRelay);
    await relay.stop();
    try {
      const res = await optimize(shop.token);
      const jobId = res.body.job_id as string;
      const event = await eventOf(jobId);
      expect(await creditsOf(shop.tenant.id)).toBe(4);
      expect(await tokensOf(shop.tenant.id)).toBeGreaterThan(0);
      // What the outbox worker does after the last of its attempts failed.
      const lastAttempt = {
        data: { outboxId: String(event?.id) },
        attemptsMade: 8,
        opts: { attempts: 8 },
      } as unknown as Job<OutboxJobData>;
      await t.get(OutboxProcessor).onFailed(lastAttempt, new Error('simulated: the queue stayed away'));

      expect((await eventOf(jobId))?.status).toBe('failed');
      expect((await jobRow(jobId)).status).toBe('failed');
      expect(await creditsOf(shop.tenant.id)).toBe(5);
      expect(await tokensOf(shop.tenant.id)).toBe(0);
    } finally {
      relay.start();
    }
    expect(callsFor(shop.tenant.name)).toBe(0);
  });

  it('a redelivered event does not run the job again, even once BullMQ has forgotten the job', async () => {
    const shop = await createTenantWithOwner(t, { tenant: { aiCredits: 5 }, owner: PROVEN_EMAIL });
    const res = await optimize(shop.token);
    const jobId = res.body.job_id as string;
    await succeeded(jobId);
    const event = await waitFor(async () => ((await eventOf(jobId))?.status === 'processed' ? eventOf(jobId) : null), {
      what: 'the event to be processed',
    });
    expect(callsFor(shop.tenant.name)).toBe(1);

    // What a relay and a worker that lost their bookkeeping do: the same event delivered once more,
    // to a queue that no longer holds the finished job.
    await removeFinishedJob(t, AI_ENRICHMENT_QUEUE, jobId);
    await removeFinishedJob(t, OUTBOX_QUEUE, outboxJobId(String(event?.id)));
    await t.db.query('DELETE FROM outbox_consumptions WHERE event_id = $1', [event?.id]);
    await t.db.query(`UPDATE outbox_events SET status = 'pending', available_at = now() WHERE id = $1`, [event?.id]);
    await waitFor(async () => (await eventOf(jobId))?.status === 'processed', { what: 'the redelivery to be processed' });
    await waitFor(async () => (await jobsOn<{ jobId: string }>(t, AI_ENRICHMENT_QUEUE, (data) => data.jobId === jobId)).length === 0, {
      what: 'the redelivered job to be done',
    });

    // The job was queued again and ran, and found its row ended: nothing more happened.
    expect(await jobsOn(t, AI_ENRICHMENT_QUEUE, (data: { jobId: string }) => data.jobId === jobId, ['completed'])).toHaveLength(1);
    expect(callsFor(shop.tenant.name)).toBe(1);
    expect((await jobRow(jobId)).status).toBe('succeeded');
    expect(await creditsOf(shop.tenant.id)).toBe(4);
    const audit = await t.db.query(`SELECT 1 FROM activity_log WHERE log_name = 'ai-enrichment' AND tenant_id = $1`, [shop.tenant.id]);
    expect(audit).toHaveLength(1);
  });
});
