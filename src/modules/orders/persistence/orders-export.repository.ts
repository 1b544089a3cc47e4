import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { Readable } from 'node:stream';
import { EntityManager } from 'typeorm';
import { allowLongStatements } from '@infra/database/long-statements';
import { type DailySalesRow, ORDER_EXPORT_COLUMNS } from './orders.rows';

/** Rows fetched from the server-side cursor per round trip. */
const CURSOR_BATCH = 500;

/**
 * The pool's statement bounds (DATABASE_STATEMENT_TIMEOUT_MS on the server, DATABASE_QUERY_TIMEOUT_MS
 * on the client) count a cursor's whole life, not one fetch: a shop with a million orders reads for
 * longer than that. An export's transaction gets this bound instead, on both sides.
 */
const EXPORT_READ_TIMEOUT_MS = 60 * 60_000;

/**
 * The reads that exports and sales reports make of a shop's orders (the exports module owns the
 * files; this module owns the orders and says how they are read).
 */
@Injectable()
export class OrdersExportRepository {
  /**
   * Every order of the shop, oldest first, from a server-side cursor: rows arrive in batches as the
   * consumer reads, so memory stays flat whatever the shop's size. `manager` must be in an open
   * transaction; its connection is busy with the cursor until the stream ends or is destroyed.
   * `withBranch` also reads the name of each order's location (`location_name`; null otherwise).
   */
  async streamForExport(manager: EntityManager, tenantId: string, options: { withBranch?: boolean } = {}): Promise<Readable> {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) throw new Error('streamForExport needs the manager of an open transaction');
    // Already connected (the transaction is open): this answers the connection itself.
    const client = (await runner.connect()) as PoolClient;
    await allowLongStatements(manager, EXPORT_READ_TIMEOUT_MS);
    const stream = new QueryStream(
      `SELECT ${ORDER_EXPORT_COLUMNS.map((column) => `o.${column}`).join(', ')},
              ${options.withBranch ? '(SELECT l.name FROM locations l WHERE l.id = o.location_id)' : 'NULL'} AS location_name,
              COALESCE((SELECT json_agg(json_build_object('quantity', i.quantity, 'name', i.name) ORDER BY i.id)
                          FROM order_items i WHERE i.order_id = o.id), '[]') AS items
         FROM orders o
        WHERE o.tenant_id = $1
        ORDER BY o.created_at, o.id`,
      [tenantId],
      { batchSize: CURSOR_BATCH },
    );
    // pg reads `query_timeout` off the submitted query before the pool's default.
    return client.query(Object.assign(stream, { query_timeout: EXPORT_READ_TIMEOUT_MS }));
  }

  /**
   * One row per UTC calendar day from `from` to `to` (inclusive, YYYY-MM-DD), days without orders
   * included with zeros. Cancelled orders are left out; every other order counts whatever its
   * payment status, at its total (discount taken off, delivery fee included).
   */
  async dailySales(manager: EntityManager, tenantId: string, from: string, to: string): Promise<DailySalesRow[]> {
    // A year of a large shop's orders, aggregated: more than a request's bound allows.
    await allowLongStatements(manager, EXPORT_READ_TIMEOUT_MS);
    return manager.query(
      `WITH sales AS (
         SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS orders,
                sum(o.total) AS revenue, sum(o.discount_amount) AS discounts
           FROM orders o
          WHERE o.tenant_id = $1 AND o.status <> 'cancelled'
            AND o.created_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
            AND o.created_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
          GROUP BY 1)
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date, COALESCE(s.orders, 0) AS orders,
              round(COALESCE(s.revenue, 0), 2)::text AS revenue, round(COALESCE(s.discounts, 0), 2)::text AS discounts
         FROM generate_series($2::date, $3::date, interval '1 day') AS d(day)
         LEFT JOIN sales s ON s.day = d.day::date
        ORDER BY d.day`,
      [tenantId, from, to],
    );
  }
}
