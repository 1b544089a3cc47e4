import type { DataSource } from 'typeorm';
import type { CursorKey, PageWindow } from '@common/http/pagination';
import { epochMicros, timestampOfMicros } from '@infra/database/list-counts';
import { LOCATION_COLUMNS, type LocationRow } from './locations.rows';
import { PRODUCT_COLUMNS, type ProductRow } from './products.rows';

/** How the merchant pages read one catalog table. */
export interface CatalogTable<Row> {
  table: 'products' | 'locations';
  columns: string;
  /** The list's order, its reverse (a deep page is read from the end), and a row's sort key as the cursor holds it. */
  order: string;
  reverse: string;
  sortKey: string;
  /** Rows after the cursor's key ($2.. its values). */
  after: string;
  keyOf: (row: Row & { sort_key: string }) => CursorKey;
}

// Ids are a sequence, so id order is creation order, and (tenant_id, id) is indexed.
export const PRODUCTS_TABLE: CatalogTable<ProductRow> = {
  table: 'products',
  columns: PRODUCT_COLUMNS,
  order: 'id DESC',
  reverse: 'id',
  sortKey: 'NULL',
  after: 'id < $2::int',
  keyOf: (row) => [row.id],
};
export const LOCATIONS_TABLE: CatalogTable<LocationRow> = {
  table: 'locations',
  columns: LOCATION_COLUMNS,
  order: 'created_at DESC, id DESC',
  reverse: 'created_at, id',
  sortKey: epochMicros('created_at'),
  after: `(created_at, id) < (${timestampOfMicros('$2')}, $3::uuid)`,
  keyOf: (row) => [row.sort_key, row.id],
};

/**
 * A page of the shop's rows: keyset after a cursor, or by offset from whichever end of the list is
 * nearer. The page's ids come first, off the list's index alone (index-only); only those rows are read.
 */
export async function pageRows<Row>(
  db: DataSource,
  source: CatalogTable<Row>,
  tenantId: string,
  window: PageWindow,
): Promise<{ rows: Row[]; keys: CursorKey[] }> {
  const ids =
    window.kind === 'after'
      ? {
          sql: `SELECT id FROM ${source.table} WHERE tenant_id = $1 AND ${source.after} ORDER BY ${source.order} LIMIT $${window.key.length + 2}`,
          params: [tenantId, ...window.key, window.limit],
        }
      : {
          sql: `SELECT id FROM ${source.table} WHERE tenant_id = $1 ORDER BY ${window.backward ? source.reverse : source.order} LIMIT $2 OFFSET $3`,
          params: [tenantId, window.limit, window.offset],
        };
  const rows: Array<Row & { sort_key: string }> = await db.query(
    `WITH page AS MATERIALIZED (${ids.sql})
       SELECT ${source.columns}, ${source.sortKey} AS sort_key FROM ${source.table} WHERE id IN (SELECT id FROM page) ORDER BY ${source.order}`,
    ids.params,
  );
  return { rows, keys: rows.map(source.keyOf) };
}

/** One row of the shop, or undefined. */
export async function oneRow<Row>(
  db: DataSource,
  source: CatalogTable<Row>,
  tenantId: string,
  id: string | number,
): Promise<Row | undefined> {
  const rows: Row[] = await db.query(`SELECT ${source.columns} FROM ${source.table} WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  return rows[0];
}
