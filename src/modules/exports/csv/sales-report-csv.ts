import { centsToDecimal, toCents } from '@common/money/money';
import type { DailySalesRow } from '@modules/orders';
import { csvCell } from '../domain/csv-cell';

/** The columns of a sales report (decisions §9): one record per day of the range. */
export const SALES_REPORT_CSV_COLUMNS = ['date', 'orders', 'revenue', 'discounts', 'average_order_value'] as const;

/** Revenue ÷ orders, rounded half up to the cent; 0.00 on a day without orders. */
export function averageOrderValue(revenue: string, orders: number): string {
  if (orders === 0) return '0.00';
  return centsToDecimal(Math.floor((2 * toCents(revenue) + orders) / (2 * orders)));
}

export function salesRecord(day: DailySalesRow): string[] {
  return [day.date, String(day.orders), day.revenue, day.discounts, averageOrderValue(day.revenue, day.orders)].map(csvCell);
}
