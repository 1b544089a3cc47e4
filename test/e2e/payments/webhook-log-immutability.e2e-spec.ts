import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { TEST_DATABASE_URL } from '@test/support/test-env';

describe('webhook_logs is append-only (enforced by the database)', () => {
  const db = new Client({ connectionString: TEST_DATABASE_URL });
  let id: string;

  beforeAll(async () => {
    await db.connect();
    const rows = await db.query(
      `INSERT INTO webhook_logs (provider, external_event_id, event_type, payload) VALUES ('test', $1, 'payment.confirmed', '{"a":1}') RETURNING id`,
      [randomUUID()],
    );
    id = rows.rows[0].id;
  });
  afterAll(() => db.end());

  it('refuses DELETE', async () => {
    await expect(db.query('DELETE FROM webhook_logs WHERE id = $1', [id])).rejects.toThrow(/never deleted/);
  });

  it('refuses TRUNCATE', async () => {
    await expect(db.query('TRUNCATE webhook_logs')).rejects.toThrow(/never deleted/);
  });

  it('refuses changing what was received', async () => {
    await expect(db.query(`UPDATE webhook_logs SET payload = '{"a":2}' WHERE id = $1`, [id])).rejects.toThrow(/processing outcome/);
    await expect(db.query(`UPDATE webhook_logs SET event_type = 'x' WHERE id = $1`, [id])).rejects.toThrow(/processing outcome/);
  });

  it('allows recording the processing outcome', async () => {
    await db.query(`UPDATE webhook_logs SET processing_status = 'processed', processed_at = now() WHERE id = $1`, [id]);
    const rows = await db.query('SELECT processing_status, payload FROM webhook_logs WHERE id = $1', [id]);
    expect(rows.rows[0]).toEqual({ processing_status: 'processed', payload: { a: 1 } });
  });

  it('keeps external event ids unique per provider', async () => {
    const eventId = randomUUID();
    await db.query(`INSERT INTO webhook_logs (provider, external_event_id, event_type, payload) VALUES ('a', $1, 't', '{}')`, [eventId]);
    await db.query(`INSERT INTO webhook_logs (provider, external_event_id, event_type, payload) VALUES ('b', $1, 't', '{}')`, [eventId]);
    await expect(
      db.query(`INSERT INTO webhook_logs (provider, external_event_id, event_type, payload) VALUES ('a', $1, 't', '{}')`, [eventId]),
    ).rejects.toThrow(/unique/);
  });
});
