import { MigrationInterface, QueryRunner } from 'typeorm';

export class SocketIoAttachments1763701100000 implements MigrationInterface {
  name = 'SocketIoAttachments1763701100000';

  async up(db: QueryRunner): Promise<void> {
    // Socket.IO's PostgreSQL adapter and emitter (PostgreSQL-only mode): a packet over NOTIFY's
    // 8000-byte limit, or with binary data, is stored here and only its id is sent. Rows are read
    // at once by the listening processes and deleted by them after 30 s, so UNLOGGED (no WAL).
    await db.query(`
      CREATE UNLOGGED TABLE socket_io_attachments (
        id bigserial UNIQUE,
        created_at timestamptz DEFAULT now(),
        payload bytea
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE socket_io_attachments`);
  }
}
