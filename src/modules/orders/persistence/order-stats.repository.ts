import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { listTotal } from '@infra/database/list-counts';
import { prepared } from '@infra/database/statements';

/**
 * The bucket of a row of `order_stats` (migration OrderStats1763701650000) for an order placed at
 * `at` (SQL): quarter hours, hours or days of UTC.
 */
export const statsBucket = (span: string, at: string) =>
  `CASE ${span} WHEN 'quarter' THEN date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00') ELSE date_trunc(${span}, ${at}, 'UTC') END`;

/**
 * The rows an order adds to `order_stats` (`placed`: its row, `items`: its lines, both with the
 * columns of orders and order_items): a `quarter` and an `hour` row (product 0) with the order and
 * its total, and for each of its products a `day` and an `hour` row with units and line totals. In
 * the key's order (span, bucket, product): every writer of these rows locks them in that order, so
 * a placement and a cancellation never wait on each other in a cycle.
 */
export const ORDER_STATS_ROWS = `
  SELECT s.span, ${statsBucket('s.span', 'placed.created_at')} AS bucket, 0 AS product_id, NULL::varchar AS name,
         1 AS orders, 0::bigint AS quantity, placed.total AS sales
    FROM placed, (VALUES ('quarter'::varchar), ('hour'::varchar)) AS s (span)
  UNION ALL
  SELECT s.span, ${statsBucket('s.span', 'placed.created_at')}, i.product_id, min(i.name), 0, sum(i.quantity), sum(i.line_total)
    FROM placed, items i, (VALUES ('hour'::varchar), ('day'::varchar)) AS s (span)
   GROUP BY s.span, placed.created_at, i.product_id
  ORDER BY 1, 2, 3`;

/** One local day of the overview. */
export interface DailyStatsRow {
  /** YYYY-MM-DD in the asked time zone. */
  date: string;
  orders: number;
  /** Sum of the order totals, decimal text. */
  sales: string;
}

export interface TopProductRow {
  product_id: number;
  name: string;
  quantity: string;
  sales: string;
}

/** PostgreSQL's "time zone … not recognized" (22023): a name Intl knows and PostgreSQL does not. */
const UNKNOWN_TIME_ZONE = '22023';

/**
 * The shop's sales rollups (`order_stats`): written in the transactions that place orders (a part
 * of the order's own statement, PlacedOrdersRepository) and that cancel them (here), read by the
 * merchant overview.
 */
@Injectable()
export class OrderStatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Takes a cancelled order out of the rollups it was counted in, in the caller's transaction. Its
   * rows are locked first, in the key's order (as the placing statement locks them), then changed.
   * Call it after the order's other locks (products): the rollups come last in the lock order.
   */
  async removeCancelled(manager: EntityManager, tenantId: string, orderId: number): Promise<void> {
    await manager.query(
      prepared(`
        WITH placed AS (SELECT id, created_at, total FROM orders WHERE tenant_id = $1 AND id = $2),
             items AS (SELECT product_id, name, quantity, line_total FROM order_items WHERE order_id = $2),
             counted AS (${ORDER_STATS_ROWS}),
             locked AS (
               SELECT s.span, s.bucket, s.product_id
                 FROM order_stats s JOIN counted c USING (span, bucket, product_id)
                WHERE s.tenant_id = $1
                ORDER BY s.span, s.bucket, s.product_id
                  FOR UPDATE OF s)
        UPDATE order_stats s
           SET orders = s.orders - c.orders, quantity = s.quantity - c.quantity, sales = s.sales - c.sales
          FROM counted c JOIN locked l USING (span, bucket, product_id)
         WHERE s.tenant_id = $1 AND s.span = c.span AND s.bucket = c.bucket AND s.product_id = c.product_id`),
      [tenantId, orderId],
    );
  }

  /**
   * The last 30 days in `timeZone` (today the last), every day present: orders and sales of the
   * orders placed on it and not cancelled. Each local day is turned into its two instants once
   * (MATERIALIZED: inlined, the conversions ran again in every index scan, 31 ms instead of 4 at
   * 1M orders; daylight-saving days included, never one per row) and summed off the primary key
   * from its whole UTC hours, plus the quarter hours at its ends where the zone is 30 or 45 minutes
   * off the hour: at most 24 + 6 rows a day, however many orders the shop has.
   */
  daily(tenantId: string, timeZone: string): Promise<DailyStatsRow[]> {
    return this.inTimeZone(
      `WITH days AS MATERIALIZED (
         SELECT day, starts, ends, date_trunc('hour', ends, 'UTC') AS hours_to,
                date_trunc('hour', starts, 'UTC')
                  + CASE WHEN date_trunc('hour', starts, 'UTC') = starts THEN interval '0' ELSE interval '1 hour' END AS hours_from
           FROM (SELECT day, day::timestamp AT TIME ZONE $2 AS starts, (day + 1)::timestamp AT TIME ZONE $2 AS ends
                   FROM (SELECT (now() AT TIME ZONE $2)::date - back AS day FROM generate_series(0, 29) AS back) d) b)
       SELECT to_char(days.day, 'YYYY-MM-DD') AS date, COALESCE(summed.orders, 0) AS orders, COALESCE(summed.sales, 0)::text AS sales
         FROM days
        CROSS JOIN LATERAL (
          SELECT sum(orders)::int AS orders, sum(sales) AS sales
            FROM order_stats
           WHERE tenant_id = $1 AND product_id = 0
             AND ((span = 'hour' AND bucket >= days.hours_from AND bucket < days.hours_to)
               OR (span = 'quarter' AND bucket >= days.starts AND bucket < days.hours_from)
               OR (span = 'quarter' AND bucket >= days.hours_to AND bucket < days.ends))) summed
        ORDER BY days.day`,
      [tenantId, timeZone],
    );
  }

  /**
   * The five products that sold the most units in the same 30 days (then the most sales, then the
   * lowest id), with the name of their latest sale: the whole UTC days inside the window from the
   * `day` rows, the partial ones at its two edges from the `hour` rows. At most 30 days of one and
   * 48 hours of the other are read per product.
   */
  topProducts(tenantId: string, timeZone: string, limit: number): Promise<TopProductRow[]> {
    return this.inTimeZone(
      `WITH w AS MATERIALIZED (
         SELECT start, date_trunc('day', start, 'UTC') + interval '1 day' AS first_whole_day, date_trunc('day', now(), 'UTC') AS today
           FROM (SELECT (((now() AT TIME ZONE $2)::date - 29)::timestamp AT TIME ZONE $2) AS start) s)
       SELECT product_id, (array_agg(name ORDER BY bucket DESC))[1] AS name, sum(quantity)::text AS quantity, sum(sales)::text AS sales
         FROM order_stats, w
        WHERE tenant_id = $1 AND product_id > 0
          AND ((span = 'day' AND bucket >= w.first_whole_day AND bucket < w.today)
            OR (span = 'hour' AND bucket >= w.start AND bucket < w.first_whole_day)
            OR (span = 'hour' AND bucket >= w.today))
        GROUP BY product_id
       HAVING sum(quantity) > 0
        ORDER BY sum(quantity) DESC, sum(sales) DESC, product_id
        LIMIT $3`,
      [tenantId, timeZone, limit],
    );
  }

  /** Orders now pending: the status counters the orders list keeps (list_counts). */
  pending(tenantId: string): Promise<number> {
    return listTotal(this.dataSource, 'orders', tenantId, 'pending');
  }

  private async inTimeZone<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    try {
      return await this.dataSource.query<Row[]>(prepared(sql), params);
    } catch (error) {
      if ((error as { code?: string }).code === UNKNOWN_TIME_ZONE) {
        throw ValidationFailedError.field('tz', 'The tz must be an IANA time zone name, such as America/Tegucigalpa.');
      }
      throw error;
    }
  }
}
