import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { afterCommit, inTransaction } from '@infra/database/transaction';
import { OUTBOX_QUEUE, outboxJobId } from '@infra/outbox/outbox.constants';
import { OutboxRelay } from '@infra/outbox/outbox.relay';
import { OutboxService } from '@infra/outbox/outbox.service';
import { eventually } from '@test/support/fake-servers';
import { OutboxProbeModule, ProbeHappened, probeDeliveries } from '@test/support/outbox-probe.module';
import { createTestApp, TestApp } from '@test/support/test-app';

describe('Transactional outbox', () => {
  let t: TestApp;
  let dataSource: DataSource;
  let outbox: OutboxService;
  let relay: OutboxRelay;

  beforeAll(async () => {
    t = await createTestApp({ imports: [OutboxProbeModule] });
    dataSource = t.get(DataSource);
    outbox = t.get(OutboxService);
    relay = t.get(OutboxRelay);
  });
  afterAll(() => t.close());

  const rowsFor = (marker: string): Promise<Array<{ id: string; status: string; last_error: string | null }>> =>
    dataSource.query(`SELECT id, status, last_error FROM outbox_events WHERE payload->>'marker' = $1`, [marker]);

  it('delivers a committed event to its handler once', async () => {
    const marker = randomUUID();
    await inTransaction(dataSource, (manager) => outbox.record(manager, new ProbeHappened(marker)));
    await eventually(async () => probeDeliveries.get(marker) === 1);
    await eventually(async () => (await rowsFor(marker))[0]?.status === 'processed');
  });

  it('publishes nothing from a rolled-back transaction', async () => {
    const marker = randomUUID();
    await expect(
      inTransaction(dataSource, async (manager) => {
        await outbox.record(manager, new ProbeHappened(marker));
        throw new Error('business rule failed after recording');
      }),
    ).rejects.toThrow('business rule failed');
    await relay.drain();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rowsFor(marker)).toEqual([]);
    expect(probeDeliveries.get(marker)).toBeUndefined();
  });

  it('refuses to record outside a transaction', async () => {
    await expect(outbox.record(dataSource.manager, new ProbeHappened(randomUUID()))).rejects.toThrow(/inside a transaction/);
  });

  it('still delivers an event committed while the relay was down, once it runs again', async () => {
    await relay.stop();
    const marker = randomUUID();
    try {
      await inTransaction(dataSource, (manager) => outbox.record(manager, new ProbeHappened(marker)));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await rowsFor(marker))[0].status).toBe('pending');
      expect(probeDeliveries.get(marker)).toBeUndefined();
    } finally {
      relay.start();
    }
    await eventually(async () => probeDeliveries.get(marker) === 1);
  });

  it('does the work once when the same event is enqueued twice (relay died before marking the row)', async () => {
    await relay.stop();
    const marker = randomUUID();
    try {
      await inTransaction(dataSource, (manager) => outbox.record(manager, new ProbeHappened(marker)));
      const [row] = await rowsFor(marker);
      // What a crashed relay leaves behind: the job is on the queue, the row still pending.
      const queue = t.get<Queue>(getQueueToken(OUTBOX_QUEUE));
      await queue.add('ProbeHappened', { outboxId: String(row.id) }, { jobId: outboxJobId(String(row.id)) });
      await eventually(async () => probeDeliveries.get(marker) === 1);
    } finally {
      relay.start();
    }
    await eventually(async () => (await rowsFor(marker))[0]?.status === 'processed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(probeDeliveries.get(marker)).toBe(1);
  });

  it('retries a failing handler, keeping the error visible, until it succeeds', async () => {
    const marker = randomUUID();
    await inTransaction(dataSource, (manager) => outbox.record(manager, new ProbeHappened(marker, 1)));
    await eventually(async () => (await rowsFor(marker))[0]?.last_error?.includes('probe failure 1'));
    await eventually(async () => probeDeliveries.get(marker) === 1, 15_000);
    const [row] = await rowsFor(marker);
    expect(row.status).toBe('processed');
  });

  it('runs after-commit effects once the outermost transaction commits, and never after a rollback', async () => {
    const effects: string[] = [];
    await inTransaction(dataSource, async (outer) => {
      await afterCommit(outer, () => effects.push('outer'));
      // A nested unit of work joins the open transaction: its effect waits for the outer commit.
      await inTransaction(dataSource, async (inner) => {
        expect(inner).toBe(outer);
        await afterCommit(inner, () => effects.push('inner'));
      });
      expect(effects).toEqual([]);
    });
    expect(effects).toEqual(['outer', 'inner']);

    await expect(
      inTransaction(dataSource, async (manager) => {
        await afterCommit(manager, () => effects.push('rolled back'));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(effects).toEqual(['outer', 'inner']);

    // Outside a transaction there is nothing to wait for.
    await afterCommit(dataSource.manager, () => effects.push('now'));
    expect(effects).toEqual(['outer', 'inner', 'now']);
  });

  it('delivers each event exactly once with two processes relaying at the same time', async () => {
    const second = await createTestApp({ imports: [OutboxProbeModule] });
    try {
      const markers = Array.from({ length: 60 }, () => randomUUID());
      await Promise.all(markers.map((marker) => inTransaction(dataSource, (manager) => outbox.record(manager, new ProbeHappened(marker)))));
      await Promise.all([relay.drain(), second.get(OutboxRelay).drain(), relay.drain()]);
      await eventually(async () => markers.every((marker) => probeDeliveries.get(marker) === 1), 15_000);
      const consumed: Array<{ count: string }> = await dataSource.query(
        `SELECT count(*) FROM outbox_consumptions c JOIN outbox_events e ON e.id = c.event_id WHERE e.payload->>'marker' = ANY($1)`,
        [markers],
      );
      expect(Number(consumed[0].count)).toBe(60);
    } finally {
      await second.close();
    }
  });

  it('reports counts per event type for the admin page', async () => {
    const counts = await outbox.countsByType();
    const probe = counts.find((row) => row.eventType === 'ProbeHappened');
    expect(probe).toBeDefined();
    expect(probe!.recorded).toBeGreaterThan(0);
    expect(probe!.processed).toBeGreaterThan(0);
  });
});
