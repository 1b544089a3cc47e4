import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { afterCommit, inTransaction } from '@infra/database/transaction';
import { OUTBOX_QUEUE, OutboxJobData, outboxJobId } from '@infra/outbox/outbox.constants';
import { OutboxRelay } from '@infra/outbox/outbox.relay';
import { OutboxService } from '@infra/outbox/outbox.service';
import { OutboxProbeModule, probeDeliveries, probeEffects, ProbeHappened, ProbeWithEffects } from '@test/support/outbox-probe.module';
import { jobsOn } from '@test/support/queues';
import { useTestApp, withTestApp } from '@test/support/test-app';
import { TEST_ENV } from '@test/support/test-env';
import { settleFor, waitFor } from '@test/support/wait';

describe('Transactional outbox', () => {
  const t = useTestApp({ imports: [OutboxProbeModule] });
  const outbox = () => t.get(OutboxService);
  const relay = () => t.get(OutboxRelay);

  const rowsFor = (marker: string): Promise<Array<{ id: string; status: string; last_error: string | null }>> =>
    t.db.query(`SELECT id, status, last_error FROM outbox_events WHERE payload->>'marker' = $1`, [marker]);
  const record = (marker: string, failTimes = 0) =>
    inTransaction(t.db, (manager) => outbox().record(manager, new ProbeHappened(marker, failTimes)));
  const processed = (marker: string) =>
    waitFor(async () => (await rowsFor(marker))[0]?.status === 'processed', { what: `the outbox row of ${marker} to be processed` });
  const deliveredOnce = (marker: string, timeoutMs?: number) =>
    waitFor(() => probeDeliveries.get(marker) === 1, { timeoutMs, what: `the delivery of ${marker}` });

  it('delivers a committed event to its handler once', async () => {
    const marker = randomUUID();
    await record(marker);
    await deliveredOnce(marker);
    await processed(marker);
  });

  it('publishes nothing from a rolled-back transaction', async () => {
    const marker = randomUUID();
    await expect(
      inTransaction(t.db, async (manager) => {
        await outbox().record(manager, new ProbeHappened(marker));
        throw new Error('business rule failed after recording');
      }),
    ).rejects.toThrow('business rule failed');
    // An event committed afterwards goes all the way through: the relay and worker have run past the rolled-back one.
    const after = randomUUID();
    await record(after);
    await deliveredOnce(after);
    expect(await rowsFor(marker)).toEqual([]);
    expect(probeDeliveries.get(marker)).toBeUndefined();
  });

  it('refuses to record outside a transaction', async () => {
    await expect(outbox().record(t.db.manager, new ProbeHappened(randomUUID()))).rejects.toThrow(/inside a transaction/);
  });

  it('still delivers an event committed while the relay was down, once it runs again', async () => {
    await relay().stop();
    const marker = randomUUID();
    try {
      await record(marker);
      const pollInterval = Number(TEST_ENV.OUTBOX_POLL_INTERVAL_MS);
      await settleFor(4 * pollInterval, 'the stopped relay misses several of its polls: nothing may move the event meanwhile');
      expect((await rowsFor(marker))[0].status).toBe('pending');
      expect(probeDeliveries.get(marker)).toBeUndefined();
    } finally {
      relay().start();
    }
    await deliveredOnce(marker);
  });

  it('does the work once when the same event is enqueued twice (relay died before marking the row)', async () => {
    await relay().stop();
    const marker = randomUUID();
    let outboxId = '';
    try {
      await record(marker);
      outboxId = String((await rowsFor(marker))[0].id);
      // What a crashed relay leaves behind: the job is on the queue, the row still pending.
      const queue = t.get<Queue>(getQueueToken(OUTBOX_QUEUE));
      await queue.add('ProbeHappened', { outboxId }, { jobId: outboxJobId(outboxId) });
      await deliveredOnce(marker);
    } finally {
      relay().start();
    }
    await processed(marker);
    // The relay has had its chance to enqueue the event again, and no job for it is left to run.
    await relay().drain();
    await waitFor(async () => (await jobsOn<OutboxJobData>(t, OUTBOX_QUEUE, (job) => job.outboxId === outboxId)).length === 0, {
      what: `no job left for outbox row ${outboxId}`,
    });
    expect(probeDeliveries.get(marker)).toBe(1);
    const [consumed] = await t.db.query('SELECT count(*)::int AS n FROM outbox_consumptions WHERE event_id = $1', [outboxId]);
    expect(consumed.n).toBe(1);
  });

  it('retries a failing handler, keeping the error visible, until it succeeds', async () => {
    const marker = randomUUID();
    await record(marker, 1);
    await waitFor(async () => (await rowsFor(marker))[0]?.last_error?.includes('probe failure 1'), {
      what: 'the first failure to be kept',
    });
    await deliveredOnce(marker, 15_000);
    await processed(marker);
  });

  it('runs after-commit effects once the outermost transaction commits, and never after a rollback', async () => {
    const effects: string[] = [];
    await inTransaction(t.db, async (outer) => {
      await afterCommit(outer, () => effects.push('outer'));
      // A nested unit of work joins the open transaction: its effect waits for the outer commit.
      await inTransaction(t.db, async (inner) => {
        expect(inner).toBe(outer);
        await afterCommit(inner, () => effects.push('inner'));
      });
      expect(effects).toEqual([]);
    });
    expect(effects).toEqual(['outer', 'inner']);

    await expect(
      inTransaction(t.db, async (manager) => {
        await afterCommit(manager, () => effects.push('rolled back'));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(effects).toEqual(['outer', 'inner']);

    // Outside a transaction there is nothing to wait for.
    await afterCommit(t.db.manager, () => effects.push('now'));
    expect(effects).toEqual(['outer', 'inner', 'now']);
  });

  it("runs a handler in the project's transaction: work it starts joins it, its after-commit effects run once it commits", async () => {
    const marker = randomUUID();
    await inTransaction(t.db, (manager) => outbox().record(manager, new ProbeWithEffects(marker)));
    await waitFor(() => probeEffects.get(marker)?.effects === 1, { what: `the after-commit effect of ${marker}` });
    await waitFor(
      async () => (await t.db.query(`SELECT status FROM outbox_events WHERE payload->>'marker' = $1`, [marker]))[0]?.status === 'processed',
      {
        what: `the outbox row of ${marker} to be processed`,
      },
    );
    expect(probeEffects.get(marker)).toEqual({ joined: [true], effects: 1, failedEffects: 0 });
  });

  it('runs a handler again when what it queued after its commit failed (a queue down), until it is queued', async () => {
    const marker = randomUUID();
    await inTransaction(t.db, (manager) => outbox().record(manager, new ProbeWithEffects(marker, 1)));
    await waitFor(
      async () => (await t.db.query(`SELECT status FROM outbox_events WHERE payload->>'marker' = $1`, [marker]))[0]?.status === 'processed',
      { timeoutMs: 15_000, what: `the outbox row of ${marker} to be processed after its retry` },
    );
    // The first run committed but its effect failed: the marker was undone, and the retry ran it again.
    expect(probeEffects.get(marker)).toEqual({ joined: [true, true], effects: 1, failedEffects: 1 });
    expect(
      await t.db.query(
        `SELECT count(*)::int AS n FROM outbox_consumptions c JOIN outbox_events e ON e.id = c.event_id WHERE e.payload->>'marker' = $1`,
        [marker],
      ),
    ).toEqual([{ n: 1 }]);
  });

  it('delivers each event exactly once with two processes relaying at the same time', async () => {
    await withTestApp({ imports: [OutboxProbeModule] }, async (second) => {
      const markers = Array.from({ length: 60 }, () => randomUUID());
      await Promise.all(markers.map((marker) => record(marker)));
      await Promise.all([relay().drain(), second.get(OutboxRelay).drain(), relay().drain()]);
      // The probe counts a delivery when its handler runs, inside the transaction that then records
      // the consumption: the count of consumptions is waited for, not read once.
      const consumed = async () =>
        Number(
          (
            await t.db.query<Array<{ count: string }>>(
              `SELECT count(*) FROM outbox_consumptions c JOIN outbox_events e ON e.id = c.event_id WHERE e.payload->>'marker' = ANY($1)`,
              [markers],
            )
          )[0].count,
        );
      await waitFor(async () => (await consumed()) === 60, { timeoutMs: 15_000, what: 'all 60 consumptions' });
      await waitFor(() => markers.every((marker) => probeDeliveries.get(marker) === 1), { timeoutMs: 15_000, what: 'all 60 deliveries' });
      expect(markers.map((marker) => probeDeliveries.get(marker))).toEqual(Array(60).fill(1));
    });
  });

  it('reports counts per event type for the admin page', async () => {
    const probeCounts = async () => (await outbox().countsByType()).find((row) => row.eventType === 'ProbeHappened');
    // Start from a quiet outbox, so that every change below is this test's event.
    const before = await waitFor(async () => {
      const counts = await probeCounts();
      return counts && counts.pending + counts.dispatched === 0 ? counts : null;
    });
    await relay().stop();
    const marker = randomUUID();
    try {
      await record(marker);
      expect(await probeCounts()).toMatchObject({
        recorded: before.recorded + 1,
        pending: 1,
        processed: before.processed,
        oldestPendingSeconds: expect.any(Number),
      });
    } finally {
      relay().start();
    }
    await processed(marker);
    expect(await probeCounts()).toMatchObject({
      recorded: before.recorded + 1,
      pending: 0,
      processed: before.processed + 1,
      oldestPendingSeconds: null,
    });
  });
});
