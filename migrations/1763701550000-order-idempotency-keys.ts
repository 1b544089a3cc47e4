import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `Idempotency-Key` of an order placed with one (decisions §15), written by the order's own
 * statement: in its transaction, so a key is kept exactly when its order is. One key per shop (the
 * primary key); `fingerprint` is the hash of what was sent with it (the body, and the signed-in
 * shopper), so a retry is replayed only to the same request. The key-value store's idempotency
 * record is a cache of this row: a Redis flush or a lost store row never places a second order.
 */
export class OrderIdempotencyKeys1763701550000 implements MigrationInterface {
  name = 'OrderIdempotencyKeys1763701550000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE order_idempotency_keys (
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        idempotency_key varchar(255) NOT NULL CHECK (char_length(idempotency_key) BETWEEN 1 AND 255),
        fingerprint char(64) NOT NULL,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT order_idempotency_keys_pkey PRIMARY KEY (tenant_id, idempotency_key)
      )`);
    await db.query(`CREATE INDEX order_idempotency_keys_order_id ON order_idempotency_keys (order_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE order_idempotency_keys');
  }
}
