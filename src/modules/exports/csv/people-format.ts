import { memoFormatter } from '@common/i18n/shop-locale';
import type { OrderExportRow } from '@modules/orders';
import type { ExportLanguage } from '../domain/export-file';
import { csvCell } from '../domain/csv-cell';

/**
 * The files as people read them (docs/notifications.md, "Exports for people"): asked for with a
 * `language`, a file has its headers and its status, payment and delivery values in that language,
 * its times in the shop's time zone with their offset, and (orders) the branch the order was placed
 * at. Without a `language` the files stay in the machine format (orders-csv.ts, sales-report-csv.ts).
 */

/** The columns of an orders export in the people's format, in order. */
const ORDER_COLUMNS = [
  'order_number',
  'created_at',
  'status',
  'payment_status',
  'customer_name',
  'customer_phone',
  'customer_email',
  'customer_address',
  'customer_notes',
  'delivery_type',
  'branch',
  'payment_method',
  'coupon_code',
  'subtotal',
  'discount_amount',
  'delivery_fee',
  'total',
  'currency',
  'items',
] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];

const SALES_COLUMNS = ['date', 'orders', 'revenue', 'discounts', 'average_order_value'] as const;
type SalesColumn = (typeof SALES_COLUMNS)[number];

interface PeopleTexts {
  headers: Record<OrderColumn, string>;
  salesHeaders: Record<SalesColumn, string>;
  status: Record<OrderExportRow['status'], string>;
  paymentStatus: Record<OrderExportRow['payment_status'], string>;
  deliveryType: Record<OrderExportRow['delivery_type'], string>;
  paymentMethod: Record<string, string>;
}

const TEXTS: Record<ExportLanguage, PeopleTexts> = {
  es: {
    headers: {
      order_number: 'Pedido',
      created_at: 'Fecha',
      status: 'Estado',
      payment_status: 'Estado del pago',
      customer_name: 'Cliente',
      customer_phone: 'Teléfono',
      customer_email: 'Correo',
      customer_address: 'Dirección',
      customer_notes: 'Notas',
      delivery_type: 'Entrega',
      branch: 'Sucursal',
      payment_method: 'Forma de pago',
      coupon_code: 'Cupón',
      subtotal: 'Subtotal',
      discount_amount: 'Descuento',
      delivery_fee: 'Costo de envío',
      total: 'Total',
      currency: 'Moneda',
      items: 'Artículos',
    },
    salesHeaders: {
      date: 'Fecha',
      orders: 'Pedidos',
      revenue: 'Ventas',
      discounts: 'Descuentos',
      average_order_value: 'Valor promedio por pedido',
    },
    status: {
      pending: 'Pendiente',
      confirmed: 'Confirmado',
      processing: 'En preparación',
      ready: 'Listo',
      delivered: 'Entregado',
      cancelled: 'Cancelado',
    },
    paymentStatus: { unpaid: 'Sin pagar', paid: 'Pagado', failed: 'Fallido' },
    deliveryType: { pickup: 'Recoger en tienda', delivery: 'Envío a domicilio' },
    paymentMethod: { cash: 'Efectivo', bank_transfer: 'Transferencia bancaria', card: 'Tarjeta', pending: 'Pendiente' },
  },
  en: {
    headers: {
      order_number: 'Order',
      created_at: 'Placed at',
      status: 'Status',
      payment_status: 'Payment status',
      customer_name: 'Customer',
      customer_phone: 'Phone',
      customer_email: 'Email',
      customer_address: 'Address',
      customer_notes: 'Notes',
      delivery_type: 'Delivery',
      branch: 'Branch',
      payment_method: 'Payment method',
      coupon_code: 'Coupon',
      subtotal: 'Subtotal',
      discount_amount: 'Discount',
      delivery_fee: 'Delivery fee',
      total: 'Total',
      currency: 'Currency',
      items: 'Items',
    },
    salesHeaders: {
      date: 'Date',
      orders: 'Orders',
      revenue: 'Revenue',
      discounts: 'Discounts',
      average_order_value: 'Average order value',
    },
    status: {
      pending: 'Pending',
      confirmed: 'Confirmed',
      processing: 'Processing',
      ready: 'Ready',
      delivered: 'Delivered',
      cancelled: 'Cancelled',
    },
    paymentStatus: { unpaid: 'Unpaid', paid: 'Paid', failed: 'Failed' },
    deliveryType: { pickup: 'Pickup', delivery: 'Delivery' },
    paymentMethod: { cash: 'Cash', bank_transfer: 'Bank transfer', card: 'Card', pending: 'Pending' },
  },
};

/**
 * `2026-11-28T09:09:00-06:00`: the moment as the clock on the shop's wall read it, with the zone's
 * offset at that moment (daylight saving time included).
 */
export function isoInTimeZone(date: Date, timeZone: string): string {
  const formatter = memoFormatter(
    `wall-clock|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  );
  if (!formatter) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value])) as Record<
    'year' | 'month' | 'day' | 'hour' | 'minute' | 'second',
    string
  >;
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  const offsetMinutes = Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${sign}${hours}:${minutes}`;
}

/** The header of an orders export for people. */
export function peopleOrdersColumns(language: ExportLanguage): string[] {
  return ORDER_COLUMNS.map((column) => TEXTS[language].headers[column]);
}

/** One order as a record of the people's format, every cell guarded. */
export function peopleOrderRecord(row: OrderExportRow, language: ExportLanguage, timeZone: string): string[] {
  const texts = TEXTS[language];
  const value = (column: OrderColumn): string | null => {
    switch (column) {
      case 'created_at':
        return isoInTimeZone(row.created_at, timeZone);
      case 'status':
        return texts.status[row.status] ?? row.status;
      case 'payment_status':
        return texts.paymentStatus[row.payment_status] ?? row.payment_status;
      case 'delivery_type':
        return texts.deliveryType[row.delivery_type] ?? row.delivery_type;
      case 'payment_method':
        return texts.paymentMethod[row.payment_method] ?? row.payment_method;
      case 'branch':
        return row.location_name;
      case 'items':
        return row.items.map((item) => `${item.quantity} x ${item.name}`).join('; ');
      default:
        return row[column];
    }
  };
  return ORDER_COLUMNS.map((column) => csvCell(value(column)));
}

/** The header of a sales report for people; its records are the machine format's (the days stay UTC calendar days). */
export function peopleSalesColumns(language: ExportLanguage): string[] {
  return SALES_COLUMNS.map((column) => TEXTS[language].salesHeaders[column]);
}
