import { getQueueToken } from '@nestjs/bullmq';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DeleteExpiredExportsCommand } from '@modules/exports/commands/delete-expired-exports/delete-expired-exports.command';
import { CLEANUP_SCHEDULER_ID } from '@modules/exports/jobs/exports-cleanup.scheduler';
import { EXPORTS_QUEUE, PRODUCE_JOB_OPTIONS } from '@modules/exports/jobs/exports.queue';
import { createProduct, createShop } from '@test/support/commerce-factories';
import { download, insertOrder, notificationFor, post } from '@test/support/exports';
import { authHeader } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

describe('Export files: retention, cleanup and failures (decisions §9)', () => {
  const t = useTestApp();
  const db = () => t.get(DataSource);

  async function readyExport() {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id);
    await insertOrder(t, shop.tenant.id, { items: [{ productId: product.id, name: 'Thing', price: '10.00', quantity: 1 }] });
    const res = await post(t, '/api/v1/exports/orders', shop.token);
    const notification = await notificationFor(t, shop.owner.id, 'export_ready', res.body.export_id);
    return { shop, exportId: res.body.export_id as string, url: notification.data.url };
  }

  it('keeps a file 7 days, and the cleanup deletes it (with its chunks) once they have passed', async () => {
    const { shop, exportId, url } = await readyExport();
    const [file] = await db().query(`SELECT created_at, expires_at FROM export_files WHERE id = $1`, [exportId]);
    expect(new Date(file.expires_at).getTime() - new Date(file.created_at).getTime()).toBe(7 * 86_400_000);

    const cleanup = (now: Date) => t.get(CommandBus).execute<DeleteExpiredExportsCommand, number>(new DeleteExpiredExportsCommand(now));
    await cleanup(new Date());
    expect((await download(t, url)).status).toBe(200);

    // Eight days later, seen from the file's side.
    await db().query(
      `UPDATE export_files SET created_at = created_at - interval '8 days', expires_at = expires_at - interval '8 days' WHERE id = $1`,
      [exportId],
    );
    expect(await cleanup(new Date())).toBeGreaterThanOrEqual(1);
    expect(await db().query(`SELECT id FROM export_files WHERE id = $1`, [exportId])).toEqual([]);
    expect(await db().query(`SELECT seq FROM export_file_chunks WHERE file_id = $1`, [exportId])).toEqual([]);
    // The link is still genuine and unexpired, but the file is gone.
    const gone = await download(t, url);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Export not found.' });
    expect((await t.http().get(`/api/v1/exports/${exportId}`).set(authHeader(shop.token))).status).toBe(404);
  });

  it('keeps at most 20 ready files per shop: the 21st deletes the oldest ready one, file and row (decisions §15)', async () => {
    const shop = await createShop(t);
    const other = await createShop(t);
    /** A ready file finished `minutesAgo` minutes ago, with one chunk. */
    const readyFile = async (tenantId: string, userId: string, minutesAgo: number) => {
      const [{ id }] = await db().query(
        `INSERT INTO export_files (tenant_id, user_id, kind, status, row_count, byte_size, chunk_count, created_at, completed_at, expires_at)
         VALUES ($1, $2, 'orders_export', 'ready', 0, 4, 1, now() - $3 * interval '1 minute', now() - $3 * interval '1 minute',
                 now() + interval '6 days') RETURNING id`,
        [tenantId, userId, minutesAgo],
      );
      await db().query(`INSERT INTO export_file_chunks (file_id, seq, data) VALUES ($1, 0, 'a,b\n')`, [id]);
      return id as string;
    };
    // Twenty ready files, the oldest finished 100 minutes ago; one being prepared, and one failed (neither is a kept file).
    const ready: string[] = [];
    for (let i = 0; i < 20; i++) ready.push(await readyFile(shop.tenant.id, shop.owner.id, 100 - i));
    const [{ id: failed }] = await db().query(
      `INSERT INTO export_files (tenant_id, user_id, kind, status, created_at, completed_at, expires_at)
       VALUES ($1, $2, 'orders_export', 'failed', now() - interval '3 hours', now() - interval '3 hours', now() + interval '6 days') RETURNING id`,
      [shop.tenant.id, shop.owner.id],
    );
    const foreign = await readyFile(other.tenant.id, other.owner.id, 500);

    const res = await post(t, '/api/v1/exports/orders', shop.token);
    expect(res.status).toBe(202);
    await notificationFor(t, shop.owner.id, 'export_ready', res.body.export_id);

    const kept = await db().query(`SELECT id FROM export_files WHERE tenant_id = $1 AND status = 'ready' ORDER BY completed_at`, [
      shop.tenant.id,
    ]);
    expect(kept.map((row: { id: string }) => row.id)).toEqual([...ready.slice(1), res.body.export_id]);
    expect(await db().query(`SELECT id FROM export_files WHERE id = $1`, [ready[0]])).toEqual([]);
    expect(await db().query(`SELECT seq FROM export_file_chunks WHERE file_id = $1`, [ready[0]])).toEqual([]);
    expect((await t.http().get(`/api/v1/exports/${ready[0]}`).set(authHeader(shop.token))).status).toBe(404);
    // The failed row stays (it keeps no file), and another shop's files are its own business.
    expect(await db().query(`SELECT status FROM export_files WHERE id = $1`, [failed])).toEqual([{ status: 'failed' }]);
    expect(await db().query(`SELECT seq FROM export_file_chunks WHERE file_id = $1`, [foreign])).toEqual([{ seq: 0 }]);
  });

  it('runs the cleanup from one daily job scheduler on the exports queue', async () => {
    const queue = t.get<Queue>(getQueueToken(EXPORTS_QUEUE));
    const scheduler = await queue.getJobScheduler(CLEANUP_SCHEDULER_ID);
    expect(scheduler).toEqual(expect.objectContaining({ key: CLEANUP_SCHEDULER_ID, name: 'cleanup', pattern: '30 3 * * *', tz: 'UTC' }));
    expect((await queue.getJobSchedulers()).filter((entry) => entry.key === CLEANUP_SCHEDULER_ID)).toHaveLength(1);
  });

  it('marks a file failed after its last attempt, keeps none of its bytes, and notifies nobody', async () => {
    const shop = await createShop(t);
    // A report whose stored range is incomplete (no `from`): its job fails at once, for good.
    const [{ id }] = await db().query(
      `INSERT INTO export_files (tenant_id, user_id, kind, params, expires_at)
       VALUES ($1, $2, 'sales_report', '{"to": "2025-03-01"}', now() + interval '7 days') RETURNING id`,
      [shop.tenant.id, shop.owner.id],
    );
    await db().query(`INSERT INTO export_file_chunks (file_id, seq, data) VALUES ($1, 0, 'left over')`, [id]);
    await t
      .get<Queue>(getQueueToken(EXPORTS_QUEUE))
      .add('produce', { fileId: id, tenantId: shop.tenant.id }, { ...PRODUCE_JOB_OPTIONS, jobId: id });

    const failed = await waitFor(
      async () => (await db().query(`SELECT status, error, completed_at FROM export_files WHERE id = $1 AND status = 'failed'`, [id]))[0],
      { what: 'the file to be marked failed' },
    );
    expect(failed.error).toMatch(/no valid range/);
    expect(failed.completed_at).not.toBeNull();
    expect(await db().query(`SELECT seq FROM export_file_chunks WHERE file_id = $1`, [id])).toEqual([]);
    const shown = await t.http().get(`/api/v1/exports/${id}`).set(authHeader(shop.token));
    expect(shown.body.data).toEqual(expect.objectContaining({ status: 'failed', download_url: null }));
    expect(shown.body.data).not.toHaveProperty('error');
    expect(await db().query(`SELECT id FROM notifications WHERE user_id = $1`, [shop.owner.id])).toEqual([]);
  });

  it('leaves a file alone while another run writes it, without spending attempts, then finishes it', async () => {
    const shop = await createShop(t);
    const [{ id }] = await db().query(
      `INSERT INTO export_files (tenant_id, user_id, kind, expires_at) VALUES ($1, $2, 'orders_export', now() + interval '7 days') RETURNING id`,
      [shop.tenant.id, shop.owner.id],
    );
    const queue = t.get<Queue>(getQueueToken(EXPORTS_QUEUE));
    // Another run of the same file, as far as the production lock can tell.
    const other = db().createQueryRunner();
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`export_file:${id}`]);
      const job = await queue.add('produce', { fileId: id, tenantId: shop.tenant.id }, { ...PRODUCE_JOB_OPTIONS, jobId: id });
      await waitFor(async () => (await job.getState()) === 'delayed', { what: 'the job to step back' });
      const [file] = await db().query(`SELECT status FROM export_files WHERE id = $1`, [id]);
      expect(file.status).toBe('running');
      expect((await queue.getJob(id))?.attemptsMade).toBe(0);
    } finally {
      await other.query('SELECT pg_advisory_unlock_all()');
      await other.release();
    }
    // Freed (the other run died): the job's next look, brought forward here, writes the file.
    await (await queue.getJob(id))!.promote();
    await notificationFor(t, shop.owner.id, 'export_ready', id);
  });

  it('retries a failing write, and marks the file failed after the last attempt', async () => {
    const shop = await createShop(t);
    const [{ id }] = await db().query(
      `INSERT INTO export_files (tenant_id, user_id, kind, expires_at) VALUES ($1, $2, 'orders_export', now() + interval '7 days') RETURNING id`,
      [shop.tenant.id, shop.owner.id],
    );
    // The database refuses this file's chunks, as a full disk would.
    const trigger = `refuse_chunks_${id.replace(/-/g, '_')}`;
    await db().query(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'no space left for %', NEW.file_id; END $$`);
    await db().query(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON export_file_chunks FOR EACH ROW WHEN (NEW.file_id = '${id}') EXECUTE FUNCTION ${trigger}()`,
    );
    try {
      const job = await t
        .get<Queue>(getQueueToken(EXPORTS_QUEUE))
        .add('produce', { fileId: id, tenantId: shop.tenant.id }, { attempts: 2, backoff: { type: 'fixed', delay: 50 }, jobId: id });
      await waitFor(async () => (await job.getState()) === 'failed', { what: 'the job to fail for good' });
      expect((await t.get<Queue>(getQueueToken(EXPORTS_QUEUE)).getJob(id))?.attemptsMade).toBe(2);
      const [file] = await db().query(`SELECT status, error FROM export_files WHERE id = $1`, [id]);
      expect(file).toEqual({ status: 'failed', error: `no space left for ${id}` });
    } finally {
      await db().query(`DROP TRIGGER ${trigger} ON export_file_chunks`);
      await db().query(`DROP FUNCTION ${trigger}()`);
    }
  });

  it('does nothing for a job whose file is already ready (a duplicate delivery)', async () => {
    const { shop, exportId } = await readyExport();
    const before = await db().query(`SELECT completed_at, byte_size FROM export_files WHERE id = $1`, [exportId]);
    const queue = t.get<Queue>(getQueueToken(EXPORTS_QUEUE));
    const again = await queue.add('produce', { fileId: exportId, tenantId: shop.tenant.id }, { jobId: `${exportId}-again` });
    await waitFor(async () => (await again.getState()) === 'completed', { what: 'the duplicate job to complete' });
    expect(await db().query(`SELECT completed_at, byte_size FROM export_files WHERE id = $1`, [exportId])).toEqual(before);
    const [{ count }] = await db().query(`SELECT count(*)::int AS count FROM notifications WHERE data->>'export_id' = $1`, [exportId]);
    expect(count).toBe(1);
  });
});
