import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The merchant overview's rollups (decisions §17): what a shop sold, kept in the transactions that
 * place and cancel its orders, so the overview reads a bounded number of rows however many orders
 * the shop has. One table, three kinds of rows (`span`):
 *
 * - `hour` and `quarter` with `product_id` 0: orders and sales (order totals) per UTC hour and per
 *   15 minutes of UTC. A local day is its whole UTC hours plus, in a zone 30 or 45 minutes off the
 *   hour, the quarter hours at its two ends: every time zone in use today is a whole number of
 *   quarter hours from UTC, so any `tz` is answered exactly, from at most 24 + 6 rows a day.
 * - `day` and `hour`: units and sales (line totals) per product per UTC day and per UTC hour. The
 *   top products of the last 30 local days read the whole UTC days inside the window by day and
 *   the two partial ones at its edges by hour.
 *
 * Cancelled orders are not counted: cancelling takes the order out again. The backfill counts the
 * orders already there (not cancelled), under a lock that makes order writers wait for it.
 */
export class OrderStats1763701650000 implements MigrationInterface {
  name = 'OrderStats1763701650000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE order_stats (
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        span varchar(8) NOT NULL CONSTRAINT order_stats_span_check CHECK (span IN ('quarter', 'hour', 'day')),
        bucket timestamptz NOT NULL,
        product_id integer NOT NULL,
        name varchar(255) NULL,
        orders integer NOT NULL DEFAULT 0,
        quantity bigint NOT NULL DEFAULT 0,
        sales numeric(20, 2) NOT NULL DEFAULT 0,
        PRIMARY KEY (tenant_id, span, bucket, product_id)
      ) WITH (fillfactor = 85)`);
    await db.query(`LOCK TABLE orders, order_items IN SHARE MODE`);
    await backfillOrderStats(db, null);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE order_stats`);
  }
}

/**
 * Counts the orders already there (of one shop, or of all with null) into `order_stats`, which must
 * hold none of them yet: the migration's backfill, and the tests' way to give a shop a history.
 */
export async function backfillOrderStats(
  db: { query(sql: string, params?: unknown[]): Promise<unknown> },
  tenantId: string | null,
): Promise<void> {
  await db.query(
    `
      INSERT INTO order_stats (tenant_id, span, bucket, product_id, orders, sales)
      SELECT o.tenant_id, s.span,
             CASE s.span WHEN 'quarter' THEN date_bin('15 minutes', o.created_at, timestamptz '2000-01-01 00:00:00+00')
                         ELSE date_trunc(s.span, o.created_at, 'UTC') END,
             0, count(*), sum(o.total)
        FROM orders o
       CROSS JOIN (VALUES ('quarter'), ('hour')) AS s (span)
       WHERE o.status <> 'cancelled' AND ($1::uuid IS NULL OR o.tenant_id = $1)
       GROUP BY 1, 2, 3`,
    [tenantId],
  );
  await db.query(
    `
      INSERT INTO order_stats (tenant_id, span, bucket, product_id, name, quantity, sales)
      SELECT o.tenant_id, s.span, date_trunc(s.span, o.created_at, 'UTC'), i.product_id,
             (array_agg(i.name ORDER BY o.created_at DESC, i.id DESC))[1], sum(i.quantity), sum(i.line_total)
        FROM orders o
        JOIN order_items i ON i.order_id = o.id
       CROSS JOIN (VALUES ('hour'), ('day')) AS s (span)
       WHERE o.status <> 'cancelled' AND ($1::uuid IS NULL OR o.tenant_id = $1)
       GROUP BY 1, 2, 3, 4`,
    [tenantId],
  );
}
