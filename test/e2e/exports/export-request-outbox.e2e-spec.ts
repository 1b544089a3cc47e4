import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { OUTBOX_QUEUE, OutboxJobData, outboxJobId } from '@infra/outbox/outbox.constants';
import { OutboxProcessor } from '@infra/outbox/outbox.processor';
import { OutboxRelay } from '@infra/outbox/outbox.relay';
import { EXPORTS_QUEUE } from '@modules/exports/jobs/exports.queue';
import { post } from '@test/support/exports';
import { createTenantWithOwner } from '@test/support/factories';
import { jobsOn, removeFinishedJob } from '@test/support/queues';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/**
 * Issue 24 item 5: an export or report request commits its file row and an ExportRequested outbox
 * row in one transaction; the relay delivers the event and its consumer queues the file's job. A
 * queue that fails after the commit delays the file, never loses it.
 */
describe('Export and report requests: the job is queued through the outbox', () => {
  const t = useTestApp();

  const queue = () => t.get<Queue>(getQueueToken(EXPORTS_QUEUE));
  const fileStatus = async (fileId: string) =>
    ((await t.db.query('SELECT status FROM export_files WHERE id = $1', [fileId]))[0] as { status: string } | undefined)?.status;
  const eventOf = async (fileId: string) =>
    (
      await t.db.query(
        `SELECT id, status, last_error FROM outbox_events WHERE event_type = 'ExportRequested' AND payload->>'file_id' = $1`,
        [fileId],
      )
    )[0] as { id: string; status: string; last_error: string | null } | undefined;
  const ready = (fileId: string) =>
    waitFor(async () => (await fileStatus(fileId)) === 'ready', { timeoutMs: 30_000, what: `file ${fileId} to be ready` });
  const readyNotifications = async (userId: string) =>
    (await t.db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND type IN ('export_ready', 'report_ready')`, [userId])).length;
  const completedJobsOf = async (fileId: string) =>
    (await jobsOn<{ fileId: string }>(t, EXPORTS_QUEUE, (data) => data.fileId === fileId, ['completed'])).length;

  it('a queue that cannot take the job after the commit: both requests are accepted and their files produced once it can', async () => {
    const shop = await createTenantWithOwner(t);
    let queueDown = true;
    const add = queue().add.bind(queue());
    const failingAdd = jest.spyOn(queue(), 'add').mockImplementation((...args: Parameters<Queue['add']>) => {
      if (queueDown) return Promise.reject(new Error('simulated: the queue cannot be reached'));
      return add(...args);
    });
    try {
      const exportRes = await post(t, '/api/v1/exports/orders', shop.token);
      expect(exportRes.status).toBe(202);
      const reportRes = await post(t, '/api/v1/reports/sales', shop.token, {});
      expect(reportRes.status).toBe(202);
      const fileIds = [exportRes.body.export_id as string, reportRes.body.report_id as string];

      for (const fileId of fileIds) {
        await waitFor(async () => (await eventOf(fileId))?.last_error?.includes('simulated'), { what: `a failed delivery for ${fileId}` });
        expect(await fileStatus(fileId)).toBe('queued');
      }

      queueDown = false;
      for (const fileId of fileIds) await ready(fileId);
      for (const fileId of fileIds) {
        await waitFor(async () => (await completedJobsOf(fileId)) === 1, { what: `the one job of ${fileId} to complete` });
      }
      await waitFor(async () => (await readyNotifications(shop.owner.id)) === 2, { what: 'one notification per file' });
    } finally {
      failingAdd.mockRestore();
    }
  });

  it('an event whose delivery fails for good fails its file instead of leaving it queued', async () => {
    const shop = await createTenantWithOwner(t);
    const relay = t.get(OutboxRelay);
    await relay.stop();
    try {
      const res = await post(t, '/api/v1/exports/orders', shop.token);
      const fileId = res.body.export_id as string;
      const event = await eventOf(fileId);
      // What the outbox worker does after the last of its attempts failed.
      const lastAttempt = {
        data: { outboxId: String(event?.id) },
        attemptsMade: 8,
        opts: { attempts: 8 },
      } as unknown as Job<OutboxJobData>;
      await t.get(OutboxProcessor).onFailed(lastAttempt, new Error('simulated: the queue stayed away'));
      expect(await fileStatus(fileId)).toBe('failed');
    } finally {
      relay.start();
    }
  });

  it('a redelivered event does not produce the file again', async () => {
    const shop = await createTenantWithOwner(t);
    const res = await post(t, '/api/v1/exports/orders', shop.token);
    const fileId = res.body.export_id as string;
    await ready(fileId);
    const event = await waitFor(async () => ((await eventOf(fileId))?.status === 'processed' ? eventOf(fileId) : null), {
      what: 'the event to be processed',
    });
    const completedAt = (await t.db.query('SELECT completed_at FROM export_files WHERE id = $1', [fileId]))[0];

    // The same event delivered once more, to a queue that no longer holds the finished job.
    await removeFinishedJob(t, EXPORTS_QUEUE, fileId);
    await removeFinishedJob(t, OUTBOX_QUEUE, outboxJobId(String(event?.id)));
    await t.db.query('DELETE FROM outbox_consumptions WHERE event_id = $1', [event?.id]);
    await t.db.query(`UPDATE outbox_events SET status = 'pending', available_at = now() WHERE id = $1`, [event?.id]);
    await waitFor(async () => (await eventOf(fileId))?.status === 'processed', { what: 'the redelivery to be processed' });
    await waitFor(async () => (await completedJobsOf(fileId)) === 1, { what: 'the redelivered job to be done' });

    expect(await fileStatus(fileId)).toBe('ready');
    expect((await t.db.query('SELECT completed_at FROM export_files WHERE id = $1', [fileId]))[0]).toEqual(completedAt);
    expect(await readyNotifications(shop.owner.id)).toBe(1);
  });
});
