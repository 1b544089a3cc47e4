import { Writable } from 'node:stream';
import type { DataSource } from 'typeorm';

/** Size of one stored chunk (the last one of a file is shorter): few rows and round trips, little memory. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * A writable stream that stores what it is given in `export_file_chunks`, 1 MiB per row, in order.
 * Bytes are copied into one buffer, reused for every chunk; when it is full it is written (and
 * committed) before more is accepted, so a producer piped into it is held back by the database
 * and memory stays at about one chunk whatever the file's size. Reusing the buffer, rather than
 * allocating a new one per chunk, also keeps the garbage collector from lagging behind a large
 * export. Chunks are written on pooled connections of their own, not the connection reading the source.
 */
export class ChunkedFileWriter extends Writable {
  private readonly buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private filled = 0;
  private chunks = 0;
  private bytes = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly fileId: string,
  ) {
    super();
  }

  /** What was stored, once the stream has finished. */
  get written(): { byteSize: number; chunkCount: number } {
    return { byteSize: this.bytes, chunkCount: this.chunks };
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.copy(chunk).then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.flush().then(() => done(), done);
  }

  private async copy(chunk: Buffer): Promise<void> {
    let offset = 0;
    while (offset < chunk.length) {
      const copied = chunk.copy(this.buffer, this.filled, offset);
      this.filled += copied;
      offset += copied;
      if (this.filled === CHUNK_BYTES) await this.flush();
    }
  }

  private async flush(): Promise<void> {
    if (this.filled === 0) return;
    // pg copies the parameter into its protocol message before the query completes: once awaited, the buffer is free again.
    await this.dataSource.query('INSERT INTO export_file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [
      this.fileId,
      this.chunks,
      this.buffer.subarray(0, this.filled),
    ]);
    this.chunks += 1;
    this.bytes += this.filled;
    this.filled = 0;
  }
}
