import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { TenantOwnedRows } from '@common/context/ports';
import type { PageWindow } from '@common/http/pagination';
import { epochMicros, listTotal, timestampOfMicros } from '@infra/database/list-counts';
import { containsPattern } from '@modules/catalog';
import { type OrderSearchTerm, SEARCH_COUNT_LIMIT } from '../domain/order-search';
import type { OrderStatus } from '../domain/order-status';
import { ORDER_COLUMNS, ORDER_ITEMS, type OrderEventRow, type OrderRow, SELECT_ORDERS } from './orders.rows';
import { PAYMENT_TRANSITIONS } from '../domain/payment-transition';

/**
 * The statement of one page of a tenant's orders, newest first, optionally of one status. The
 * page's ids come first, off orders_tenant_created_idx or orders_tenant_status_created_idx alone (an
 * index-only scan); only those orders are read and only their items aggregated, however many rows
 * the page skipped. (Exported for the benchmark, which shows its plans.)
 */
export function listOrdersStatement(tenantId: string, status: string | undefined, window: PageWindow): { sql: string; params: unknown[] } {
  const params: unknown[] = [tenantId];
  const where = ['tenant_id = $1'];
  if (status) {
    params.push(status);
    where.push(`status = $${params.length}`);
  }
  let order = 'created_at DESC, id DESC';
  let paging: string;
  if (window.kind === 'after') {
    params.push(window.key[0], window.key[1]);
    where.push(`(created_at, id) < (${timestampOfMicros(`$${params.length - 1}`)}, $${params.length}::int)`);
    params.push(window.limit);
    paging = `LIMIT $${params.length}`;
  } else {
    if (window.backward) order = 'created_at, id';
    params.push(window.limit, window.offset);
    paging = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
  }
  const sql = `WITH page AS MATERIALIZED (
         SELECT id FROM orders WHERE ${where.join(' AND ')} ORDER BY ${order} ${paging})
       SELECT ${ORDER_COLUMNS.map((column) => `o.${column}`).join(', ')}, ${ORDER_ITEMS}, ${epochMicros('o.created_at')} AS sort_key
         FROM page JOIN orders o ON o.id = page.id
        ORDER BY o.created_at DESC, o.id DESC`;
  return { sql, params };
}

/** How many of the shop's newest orders (after the cursor) a search reads in order before it asks orders_search. */
export const SEARCH_WALK_ROWS = 1000;

/** A search's conditions: the shop's list (`scope`: tenant, status) and the term (`match`), their parameters appended to `params`; null when the term can match nothing. */
function searchConditions(
  tenantId: string,
  status: string | undefined,
  term: OrderSearchTerm,
  params: unknown[],
): { scope: string[]; match: string } | null {
  const matches: string[] = [];
  params.push(tenantId);
  const scope = ['tenant_id = $1'];
  if (status) {
    params.push(status);
    scope.push(`status = $${params.length}`);
  }
  if (term.orderNumber !== null) {
    params.push(term.orderNumber);
    matches.push(`order_number = $${params.length}`);
  }
  if (term.phoneDigits !== null) {
    params.push(containsPattern(term.phoneDigits));
    matches.push(`customer_phone_digits LIKE $${params.length}`);
  }
  if (term.nameKey !== null) {
    params.push(containsPattern(term.nameKey));
    matches.push(`customer_name_key LIKE $${params.length}`);
  }
  if (matches.length === 0) return null;
  return { scope, match: `(${matches.join(' OR ')})` };
}

/**
 * One page of a search of a tenant's orders, newest first, in the list's page shape, read one of
 * two ways (as the catalog's search, docs/storefront.md "Catalog search"):
 *
 * - `walk`: the shop's newest SEARCH_WALK_ROWS orders after the cursor, in the list's order
 *   (orders_tenant_created_idx or orders_tenant_status_created_idx), filtered by the term. A term
 *   many orders hold fills the page within those rows, whatever the size of the shop;
 * - `index`: the matches taken through orders_search (the shop, the name's and the phone's
 *   trigrams) or the order number's unique index, then sorted: few, since the walk did not fill the page.
 *
 * Offset windows are read forwards only (a search's offsets stop at its counted total).
 */
export function searchOrdersStatement(
  tenantId: string,
  status: string | undefined,
  term: OrderSearchTerm,
  window: PageWindow,
  way: 'walk' | 'index',
): { sql: string; params: unknown[] } | null {
  const params: unknown[] = [];
  const conditions = searchConditions(tenantId, status, term, params);
  if (!conditions) return null;
  const { scope, match } = conditions;
  let paging: string;
  if (window.kind === 'after') {
    params.push(window.key[0], window.key[1]);
    scope.push(`(created_at, id) < (${timestampOfMicros(`$${params.length - 1}`)}, $${params.length}::int)`);
    params.push(window.limit);
    paging = `LIMIT $${params.length}`;
  } else {
    params.push(window.limit, window.offset);
    paging = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
  }
  const ORDER = 'ORDER BY created_at DESC, id DESC';
  let page: string;
  if (way === 'walk') {
    params.push(SEARCH_WALK_ROWS);
    page = `recent AS MATERIALIZED (
         SELECT id, created_at, order_number, customer_phone_digits, customer_name_key FROM orders
          WHERE ${scope.join(' AND ')} ${ORDER} LIMIT $${params.length}),
       page AS MATERIALIZED (SELECT id FROM recent WHERE ${match} ${ORDER} ${paging})`;
  } else {
    page = `page AS MATERIALIZED (SELECT id FROM orders WHERE ${[...scope, match].join(' AND ')} ${ORDER} ${paging})`;
  }
  const sql = `WITH ${page}
       SELECT ${ORDER_COLUMNS.map((column) => `o.${column}`).join(', ')}, ${ORDER_ITEMS}, ${epochMicros('o.created_at')} AS sort_key
         FROM page JOIN orders o ON o.id = page.id
        ORDER BY o.created_at DESC, o.id DESC`;
  return { sql, params };
}

/** The reads of orders and the status change (the placing statement is PlacedOrdersRepository, the payment change orderPaymentStatement). */
@Injectable()
export class OrdersRepository implements TenantOwnedRows {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The shop that owns the order `id` names, or null when there is none (the tenant access guard asks). */
  async tenantOf(id: string | number): Promise<string | null> {
    const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM orders WHERE id = $1', [id]);
    return rows[0]?.tenant_id ?? null;
  }

  /** The tenant's order with its items; null when the tenant has no such order. */
  async findOne(tenantId: string, orderId: number): Promise<OrderRow | null> {
    const rows: OrderRow[] = await this.dataSource.query(`${SELECT_ORDERS} WHERE o.tenant_id = $1 AND o.id = $2`, [tenantId, orderId]);
    return rows[0] ?? null;
  }

  /** The tenant's order of that number, its total and currency only (off orders_tenant_number_unique). */
  async totalByNumber(tenantId: string, orderNumber: string): Promise<{ total: string; currency: string } | null> {
    const rows: Array<{ total: string; currency: string }> = await this.dataSource.query(
      'SELECT total::text AS total, currency FROM orders WHERE tenant_id = $1 AND order_number = $2',
      [tenantId, orderNumber],
    );
    return rows[0] ?? null;
  }

  /** The order's history, oldest first (the tenant's order only). */
  events(tenantId: string, orderId: number): Promise<OrderEventRow[]> {
    return this.dataSource.query(
      `SELECT event, from_status, to_status, created_at FROM order_events WHERE order_id = $2 AND tenant_id = $1 ORDER BY id`,
      [tenantId, orderId],
    );
  }

  /** One page of listOrdersStatement, each row with its sort key (`created_at` in epoch microseconds, text). */
  page(tenantId: string, status: string | undefined, window: PageWindow): Promise<Array<OrderRow & { sort_key: string }>> {
    const { sql, params } = listOrdersStatement(tenantId, status, window);
    return this.dataSource.query<Array<OrderRow & { sort_key: string }>>(sql, params);
  }

  /** One page of searchOrdersStatement: the walk first, the index only when the walk did not fill the page (no rows when the term can match nothing). */
  async search(
    tenantId: string,
    status: string | undefined,
    term: OrderSearchTerm,
    window: PageWindow,
  ): Promise<Array<OrderRow & { sort_key: string }>> {
    const walk = searchOrdersStatement(tenantId, status, term, window, 'walk');
    if (!walk) return [];
    const walked = await this.dataSource.query<Array<OrderRow & { sort_key: string }>>(walk.sql, walk.params);
    if (walked.length >= window.limit) return walked;
    const indexed = searchOrdersStatement(tenantId, status, term, window, 'index')!;
    return this.dataSource.query<Array<OrderRow & { sort_key: string }>>(indexed.sql, indexed.params);
  }

  /** How many orders the search matches, counted up to SEARCH_COUNT_LIMIT (a bounded read of the matches, never the shop's rows). */
  async countSearch(tenantId: string, status: string | undefined, term: OrderSearchTerm): Promise<number> {
    const params: unknown[] = [];
    const conditions = searchConditions(tenantId, status, term, params);
    if (!conditions) return 0;
    params.push(SEARCH_COUNT_LIMIT);
    const [row]: Array<{ total: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM orders WHERE ${[...conditions.scope, conditions.match].join(' AND ')} LIMIT $${params.length}) matches`,
      params,
    );
    return row.total;
  }

  /** The merchant list's total: counters kept by the transactions that place and move orders. */
  count(tenantId: string, status: string | undefined): Promise<number> {
    return listTotal(this.dataSource, 'orders', tenantId, status ?? '');
  }

  /** The order's status, its row locked until `manager`'s transaction ends; null when the tenant has no such order. */
  async lockStatus(manager: EntityManager, tenantId: string, orderId: number): Promise<OrderStatus | null> {
    const rows: Array<{ status: OrderStatus }> = await manager.query(
      'SELECT status FROM orders WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
      [tenantId, orderId],
    );
    return rows[0]?.status ?? null;
  }

  /**
   * One statement: the shop's order becomes paid (from the states `PAYMENT_TRANSITIONS.paid` moves,
   * stamping `paid_at`) with its `paid` event recorded by `userId`; whether the shop has the order,
   * and whether it changed.
   */
  async markPaid(manager: EntityManager, tenantId: string, orderId: number, userId: string): Promise<{ found: boolean; changed: boolean }> {
    const paid = PAYMENT_TRANSITIONS.paid;
    const rows: Array<{ found: boolean; changed: boolean }> = await manager.query(
      `WITH changed AS (
         UPDATE orders SET payment_status = $4, paid_at = now(), updated_at = now()
          WHERE tenant_id = $1 AND id = $2 AND payment_status = ANY($5::text[])
         RETURNING id, tenant_id
       ), event AS (
         INSERT INTO order_events (order_id, tenant_id, event, user_id, details)
         SELECT id, tenant_id, $6, $3, jsonb_build_object('recorded_by', 'merchant') FROM changed
       )
       SELECT EXISTS (SELECT 1 FROM orders WHERE tenant_id = $1 AND id = $2) AS found, EXISTS (SELECT 1 FROM changed) AS changed`,
      [tenantId, orderId, userId, paid.to, paid.from, paid.event],
    );
    return rows[0];
  }

  async setStatus(manager: EntityManager, tenantId: string, orderId: number, status: OrderStatus): Promise<void> {
    await manager.query('UPDATE orders SET status = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2', [tenantId, orderId, status]);
  }

  /** What the order took from stock: its items' products and quantities. */
  itemQuantities(manager: EntityManager, orderId: number): Promise<Array<{ productId: number; quantity: number }>> {
    return manager.query('SELECT product_id AS "productId", quantity FROM order_items WHERE order_id = $1', [orderId]);
  }
}
