import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { TenantOwnedRows } from '@common/context/ports';
import { type ExportFile, type ExportKind, type ExportParams, FILE_RETENTION_MS } from '../domain/export-file';
import { TooManyExportsError } from '../domain/exports.errors';
import { epochMicros, timestampOfMicros } from '@infra/database/list-counts';
import { ChunkedFileWriter } from './chunked-file.writer';
import { COLUMNS, type ExportFileRow, toFile } from './export-files.rows';

/**
 * Files being prepared (queued or running) one shop may have at once: each is a job reading the
 * whole shop, so a burst of clicks cannot fill the workers. A file stuck unfinished for an hour
 * (its job lost) no longer counts.
 */
export const MAX_UNFINISHED_PER_TENANT = 3;

/**
 * Ready files one shop keeps at once (decisions §15): each holds a whole copy of the shop's orders
 * in PostgreSQL, so clicking "export" all week cannot fill the disk. Making the 21st ready deletes
 * the oldest ready one (by completion), file and row, as the 7-day cleanup does.
 */
export const MAX_READY_PER_TENANT = 20;

/** `export_files` and their chunks: the only code that touches these tables. */
@Injectable()
export class ExportFilesRepository implements TenantOwnedRows {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The shop that owns the export file `id` names, or null when there is none (the tenant access guard asks). */
  async tenantOf(id: string | number): Promise<string | null> {
    const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM export_files WHERE id = $1', [id]);
    return rows[0]?.tenant_id ?? null;
  }

  /** A new queued file, unless the shop already has MAX_UNFINISHED_PER_TENANT being prepared (429). */
  async create(
    manager: EntityManager,
    request: { tenantId: string; userId: string; kind: ExportKind; params: ExportParams },
  ): Promise<string> {
    // Concurrent requests of one shop count one after another.
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`export_files:${request.tenantId}`]);
    const [{ unfinished }]: Array<{ unfinished: number }> = await manager.query(
      `SELECT count(*)::int AS unfinished FROM export_files
        WHERE tenant_id = $1 AND status IN ('queued', 'running') AND created_at > now() - interval '1 hour'`,
      [request.tenantId],
    );
    if (unfinished >= MAX_UNFINISHED_PER_TENANT) throw new TooManyExportsError(MAX_UNFINISHED_PER_TENANT);
    const [{ id }]: Array<{ id: string }> = await manager.query(
      `INSERT INTO export_files (tenant_id, user_id, kind, params, expires_at)
       VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond') RETURNING id`,
      [request.tenantId, request.userId, request.kind, request.params, FILE_RETENTION_MS],
    );
    return id;
  }

  /** Undoes `create` when its job could not be queued. */
  async remove(fileId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM export_files WHERE id = $1', [fileId]);
  }

  find(tenantId: string, fileId: string, manager: EntityManager = this.dataSource.manager): Promise<ExportFile | null> {
    return this.one(manager.query(`SELECT ${COLUMNS} FROM export_files WHERE id = $1 AND tenant_id = $2`, [fileId, tenantId]));
  }

  /**
   * One page of the shop's files, newest first (`created_at` then `id`, both descending): `limit`
   * of them after the file whose sort key is `after` (microseconds since the epoch as text, id),
   * each with its sort key. Off export_files_tenant_created_idx.
   */
  async page(
    tenantId: string,
    after: { micros: string; id: string } | null,
    limit: number,
  ): Promise<Array<{ file: ExportFile; micros: string }>> {
    const rows: Array<ExportFileRow & { micros: string }> = await this.dataSource.query(
      `SELECT ${COLUMNS}, ${epochMicros('created_at')} AS micros FROM export_files
        WHERE tenant_id = $1 AND ($2::text IS NULL OR (created_at, id) < (${timestampOfMicros('$2')}, $3::uuid))
        ORDER BY created_at DESC, id DESC
        LIMIT $4`,
      [tenantId, after?.micros ?? null, after?.id ?? null, limit],
    );
    return rows.map((row) => ({ file: toFile(row), micros: row.micros }));
  }

  /** The file a signed link names, when it is ready to be served: ready, and its 7 days not over (the cleanup may not have run yet). */
  findReady(fileId: string): Promise<ExportFile | null> {
    return this.one(
      this.dataSource.query(`SELECT ${COLUMNS} FROM export_files WHERE id = $1 AND status = 'ready' AND expires_at > now()`, [fileId]),
    );
  }

  /** Marks a queued (or retried) file running; null when it is finished or gone, so its job has nothing to do. */
  start(fileId: string): Promise<ExportFile | null> {
    return this.one(
      this.dataSource.query(
        `UPDATE export_files SET status = 'running', started_at = now(), error = NULL
          WHERE id = $1 AND status IN ('queued', 'running') RETURNING ${COLUMNS}`,
        [fileId],
      ),
    );
  }

  /**
   * Held until `manager`'s transaction ends: one producer per file, even when BullMQ hands a job
   * it believes stalled to a second worker while the first is still writing.
   */
  async lockForProduction(manager: EntityManager, fileId: string): Promise<boolean> {
    const [{ locked }]: Array<{ locked: boolean }> = await manager.query(
      'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked',
      [`export_file:${fileId}`],
    );
    return locked;
  }

  /** Chunks left by an earlier attempt: a retry writes the file from the start. */
  async discardChunks(fileId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM export_file_chunks WHERE file_id = $1', [fileId]);
  }

  writer(fileId: string): ChunkedFileWriter {
    return new ChunkedFileWriter(this.dataSource, fileId);
  }

  /** Ready to download, in the caller's transaction (which notifies the requester); null when the file went away meanwhile. */
  markReady(
    manager: EntityManager,
    fileId: string,
    written: { rowCount: number; byteSize: number; chunkCount: number },
  ): Promise<ExportFile | null> {
    return this.one(
      manager.query(
        `UPDATE export_files SET status = 'ready', row_count = $2, byte_size = $3, chunk_count = $4, completed_at = now()
          WHERE id = $1 AND status = 'running' RETURNING ${COLUMNS}`,
        [fileId, written.rowCount, written.byteSize, written.chunkCount],
      ),
    );
  }

  /**
   * Deletes the shop's ready files beyond the newest `keep` (by completion), with their chunks, in
   * `manager`'s transaction (the one that marks a file ready). The shop's lock, the one `create`
   * takes, is held until that transaction ends, so two files of one shop finishing at once count
   * one after the other. Answers how many it deleted.
   */
  async keepNewestReady(manager: EntityManager, tenantId: string, keep: number): Promise<number> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`export_files:${tenantId}`]);
    const [, deleted]: [unknown, number] = await manager.query(
      `DELETE FROM export_files WHERE id IN (
         SELECT id FROM export_files WHERE tenant_id = $1 AND status = 'ready'
          ORDER BY completed_at DESC, id DESC OFFSET $2)`,
      [tenantId, keep],
    );
    return deleted;
  }

  /** After the job's last attempt: failed for good, its partial chunks dropped. The error is for operators, never shown to clients. */
  async markFailed(fileId: string, error: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE export_files SET status = 'failed', error = left($2, 1000), completed_at = now()
          WHERE id = $1 AND status IN ('queued', 'running')`,
        [fileId, error],
      );
      await manager.query('DELETE FROM export_file_chunks WHERE file_id = $1', [fileId]);
    });
  }

  /** The file's bytes, one chunk per round trip, in order: memory holds one chunk at a time. */
  async *read(file: ExportFile): AsyncGenerator<Buffer> {
    for (let seq = 0; seq < (file.chunkCount ?? 0); seq++) {
      const rows: Array<{ data: Buffer }> = await this.dataSource.query(
        'SELECT data FROM export_file_chunks WHERE file_id = $1 AND seq = $2',
        [file.id, seq],
      );
      // Deleted while being served (its 7 days ran out): end in error rather than with a silently short file.
      if (!rows[0]) throw new Error(`Chunk ${seq} of export ${file.id} is gone`);
      yield rows[0].data;
    }
  }

  /** Deletes up to `batch` files whose retention has run out (their chunks go with them); how many it deleted. */
  async deleteExpired(now: Date, batch: number): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM export_files WHERE id IN (
         SELECT id FROM export_files WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [now, batch],
    );
    return deleted;
  }

  private async one(query: Promise<unknown>): Promise<ExportFile | null> {
    const result = (await query) as ExportFileRow[] | [ExportFileRow[], number];
    // TypeORM answers a SELECT with its rows, an UPDATE … RETURNING with [rows, count].
    const rows = Array.isArray(result[0]) ? result[0] : (result as ExportFileRow[]);
    return rows[0] ? toFile(rows[0]) : null;
  }
}
