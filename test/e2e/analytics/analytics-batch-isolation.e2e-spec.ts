import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import {
  ANALYTICS_JOB_OPTIONS,
  ANALYTICS_QUEUE,
  AnalyticsJob,
  PackedTrack,
  trackEventId,
  TrackEventsJob,
} from '@modules/analytics/jobs/analytics.queue';
import { createTenantWithOwner } from '@test/support/factories';
import { analyticsRowsOf, jobsOn } from '@test/support/queues';
import { createTestApp, TestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/**
 * The edge refuses what PostgreSQL cannot store (decisions §1), but the batch writer must not rely
 * on it (decisions §7): a job that cannot be inserted as it is, queued past the edge, neither fails
 * nor delays the others of its batch, and is itself stored once, in a safe form.
 */
describe('Analytics batch writer isolates a row that cannot be stored', () => {
  it('stores every event of a batch exactly once, the unstorable ones with a marker instead of their metadata', async () => {
    // Queued while no worker runs, so that all of them are taken up together, as one batch.
    const api = await createTestApp({ role: 'api', logLevel: 'warn' });
    let worker: TestApp | undefined;
    try {
      const { tenant } = await createTenantWithOwner(api);
      const track = (metadata: Record<string, unknown>): Extract<AnalyticsJob, { kind: 'track' }> => ({
        kind: 'track',
        eventId: randomUUID(),
        tenantId: tenant.id,
        type: 'call',
        productId: null,
        metadata,
        occurredAt: new Date().toISOString(),
      });
      const conversion = (transactionId: string): Extract<AnalyticsJob, { kind: 'conversion' }> => ({
        kind: 'conversion',
        tenantId: tenant.id,
        transactionId,
        event: 'purchase',
        value: '10.00',
        currency: 'HNL',
        occurredAt: new Date().toISOString(),
      });
      const good = Array.from({ length: 60 }, (_, i) => track({ i, note: 'fine' }));
      const unstorable = [
        track({ note: 'nul \u0000 in a value' }),
        track({ ['nul \u0000 in a key']: 1 }),
        track({ note: 'a lone surrogate \ud800' }),
      ];
      const goodConversions = Array.from({ length: 5 }, () => conversion(`tx-${randomUUID()}`));
      const nulConversion = conversion(`tx-${randomUUID()}\u0000`);
      // Single events (jobs as queued before batching) and one batch job (as the intake queues now)
      // holding the refused events among good ones.
      // And a packed job as the intake queues now, twice (a whole job queued again, as a retried add
      // would): its refused texts among good ones, each event stored once.
      const packed = (metadata: string): PackedTrack => ['cart_add', null, Date.now(), metadata];
      const packedGood = Array.from({ length: 20 }, (_, i) => packed(JSON.stringify({ i, note: 'packed' })));
      const packedUnstorable = [packed('{"note":"nul \\u0000 in a value"}'), packed('{"note":"a lone surrogate \\ud800"}')];
      const packedJob: TrackEventsJob = {
        kind: 'track-events',
        base: randomUUID(),
        shops: [[tenant.id, [...packedGood.slice(0, 10), ...packedUnstorable, ...packedGood.slice(10)]]],
      };
      const packedIds = packedJob.shops[0][1].map((_, i) => trackEventId(packedJob.base, i));
      const packedUnstorableIds = [packedIds[10], packedIds[11]];
      const jobs: AnalyticsJob[] = [
        ...good.slice(0, 30),
        nulConversion,
        { kind: 'track-batch', events: [...good.slice(30, 45), ...unstorable, ...good.slice(45)] },
        packedJob,
        ...goodConversions,
        packedJob,
      ];
      const queue = api.get<Queue<AnalyticsJob>>(getQueueToken(ANALYTICS_QUEUE));
      await queue.addBulk(jobs.map((data) => ({ name: data.kind, data, opts: { ...ANALYTICS_JOB_OPTIONS } })));
      const ofTenant = (job: AnalyticsJob) => analyticsRowsOf(job).some((row) => row.tenantId === tenant.id);
      expect(await jobsOn(api, ANALYTICS_QUEUE, ofTenant, ['waiting'])).toHaveLength(jobs.length);

      worker = await createTestApp({ role: 'worker', logLevel: 'warn' });
      await waitFor(async () => (await jobsOn(api, ANALYTICS_QUEUE, ofTenant)).length === 0, {
        timeoutMs: 20_000,
        what: 'the worker to finish the queued analytics jobs',
      });
      expect(await jobsOn(api, ANALYTICS_QUEUE, ofTenant, ['failed'])).toEqual([]);

      const events: Array<{ event_id: string; metadata: Record<string, unknown> }> = await api.db.query(
        'SELECT event_id, metadata FROM analytics_events WHERE tenant_id = $1',
        [tenant.id],
      );
      const tracks = [...good, ...unstorable];
      expect(events.map((row) => row.event_id).sort()).toEqual([...tracks.map((job) => job.eventId), ...packedIds].sort());
      const metadataOf = new Map(events.map((row) => [row.event_id, row.metadata]));
      for (const job of good) expect(metadataOf.get(job.eventId)).toEqual(job.metadata);
      for (const id of [...unstorable.map((job) => job.eventId), ...packedUnstorableIds]) {
        expect(metadataOf.get(id)).toEqual({ _unstorable: true, error: expect.any(String) });
      }
      packedGood.forEach(([, , , metadata], i) => expect(metadataOf.get(packedIds[i < 10 ? i : i + 2])).toEqual(JSON.parse(metadata)));

      const conversions: Array<{ transaction_id: string }> = await api.db.query(
        'SELECT transaction_id FROM analytics_conversions WHERE tenant_id = $1',
        [tenant.id],
      );
      expect(conversions.map((row) => row.transaction_id).sort()).toEqual(
        [...goodConversions.map((job) => job.transactionId), nulConversion.transactionId!.replace('\u0000', '\ufffd')].sort(),
      );

      // Each replacement is logged with the event it concerns. Nest's logger writes to the pino of
      // the first app of the process (here the api), so both apps' lines are searched.
      const logged = [...api.logs, ...worker.logs].filter(
        (line) => line.msg === 'Analytics row refused by the database; stored in a safe form',
      );
      for (const id of [...unstorable.map((job) => job.eventId), ...packedUnstorableIds])
        expect(logged).toContainEqual(expect.objectContaining({ eventId: id, reason: expect.any(String) }));
    } finally {
      await worker?.close();
      await api.close();
    }
  });
});
