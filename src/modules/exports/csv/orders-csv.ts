import { ORDER_EXPORT_COLUMNS, type OrderExportRow } from '@modules/orders';
import { csvCell } from '../domain/csv-cell';

/** The columns of an orders export (decisions §9), in order: the order's (as the orders module reads them), then its items. */
export const ORDERS_CSV_COLUMNS = [...ORDER_EXPORT_COLUMNS, 'items'] as const;

/** `2 x Camisa; 1 x Gorra`: one order's lines in the order they were added. */
export function formatItems(items: OrderExportRow['items']): string {
  return items.map((item) => `${item.quantity} x ${item.name}`).join('; ');
}

/** One order as its CSV record: amounts as stored (two decimals), times in UTC ISO 8601, every cell guarded. */
export function orderRecord(row: OrderExportRow): string[] {
  const cells = ORDER_EXPORT_COLUMNS.map((column) => {
    const value = row[column];
    return csvCell(value instanceof Date ? value.toISOString() : value);
  });
  return [...cells, csvCell(formatItems(row.items))];
}
