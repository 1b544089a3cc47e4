import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { searchKey } from '@modules/catalog';
import { phoneDigits } from '@modules/orders/domain/order-search';
import { authHeader } from './factories';
import type { TestApp } from './test-app';
import { waitFor } from './wait';

/**
 * Helpers of the export and report specs: orders written straight to the database with the fields
 * a test names, the notification a finished file leaves, and a strict CSV reader.
 */

export interface OrderFixture {
  createdAt?: Date;
  status?: string;
  paymentStatus?: string;
  customerName?: string;
  customerPhone?: string;
  customerEmail?: string | null;
  customerAddress?: string | null;
  customerNotes?: string | null;
  deliveryType?: 'pickup' | 'delivery';
  paymentMethod?: string;
  couponCode?: string | null;
  discount?: string;
  deliveryFee?: string;
  items: Array<{ productId: number; name: string; price: string; quantity: number }>;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const decimal = (value: number) => (value / 100).toFixed(2);

/** One order with its items (and its search keys, as the placing statement writes them); totals add up as the schema demands. Answers its id and number. */
export async function insertOrder(t: TestApp, tenantId: string, order: OrderFixture): Promise<{ id: number; orderNumber: string }> {
  const db = t.get(DataSource);
  const subtotal = order.items.reduce((sum, item) => sum + cents(item.price) * item.quantity, 0);
  const discount = cents(order.discount ?? '0');
  const fee = cents(order.deliveryFee ?? '0');
  const orderNumber = `N${randomUUID().slice(0, 12)}`;
  const [row]: Array<{ id: number }> = await db.query(
    `INSERT INTO orders (tenant_id, order_number, status, payment_status, customer_name, customer_phone, customer_email,
                         customer_address, customer_notes, delivery_type, payment_method, coupon_code,
                         subtotal, discount_amount, delivery_fee, total, currency, created_at, customer_name_key, customer_phone_digits)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'HNL', $17, $18, $19) RETURNING id`,
    [
      tenantId,
      orderNumber,
      order.status ?? 'pending',
      order.paymentStatus ?? 'unpaid',
      order.customerName ?? 'Ana López',
      order.customerPhone ?? '50499998888',
      order.customerEmail ?? null,
      order.customerAddress ?? null,
      order.customerNotes ?? null,
      order.deliveryType ?? 'pickup',
      order.paymentMethod ?? 'cash',
      order.couponCode ?? null,
      decimal(subtotal),
      decimal(discount),
      decimal(fee),
      decimal(subtotal - discount + fee),
      order.createdAt ?? new Date(),
      searchKey(order.customerName ?? 'Ana López'),
      phoneDigits(order.customerPhone ?? '50499998888'),
    ],
  );
  for (const item of order.items) {
    await db.query(`INSERT INTO order_items (order_id, product_id, name, price, quantity, line_total) VALUES ($1, $2, $3, $4, $5, $6)`, [
      row.id,
      item.productId,
      item.name,
      item.price,
      item.quantity,
      decimal(cents(item.price) * item.quantity),
    ]);
  }
  return { id: row.id, orderNumber };
}

export interface StoredNotification {
  id: string;
  type: string;
  data: Record<string, string>;
  tenant_id: string;
}

/** The notification of `type` that the file `fileId` left for `userId`, once it exists. */
export function notificationFor(
  t: TestApp,
  userId: string,
  type: 'export_ready' | 'report_ready',
  fileId: string,
): Promise<StoredNotification> {
  const idField = type === 'export_ready' ? 'export_id' : 'report_id';
  return waitFor(
    async () => {
      const rows: StoredNotification[] = await t
        .get(DataSource)
        .query(`SELECT id, type, data, tenant_id FROM notifications WHERE user_id = $1 AND type = $2 AND data->>'${idField}' = $3`, [
          userId,
          type,
          fileId,
        ]);
      return rows[0];
    },
    { timeoutMs: 30_000, what: `the ${type} notification of ${fileId}` },
  );
}

/** The path and query of a link the app built on APP_URL, to request from the test server. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** GET a signed link on the test server, without a bearer token (as a mail client would). */
export function download(t: TestApp, url: string) {
  return t.http().get(pathOf(url)).buffer(true);
}

/** POST as the holder of `token`. */
export function post(t: TestApp, path: string, token: string, body?: object) {
  const req = t.http().post(path).set(authHeader(token));
  return body === undefined ? req : req.send(body);
}

/**
 * RFC 4180, strictly: fields separated by commas, records by CRLF, `"` quoting with `""` for a
 * quote. The UTF-8 byte order mark at the start is checked and removed. Answers the header and the
 * records as objects keyed by it.
 */
export function parseCsv(text: string): { header: string[]; rows: Array<Record<string, string>> } {
  if (!text.startsWith('\uFEFF')) throw new Error('CSV without its byte order mark');
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && body[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (char === '\n' || char === '"') {
      throw new Error(`Unexpected ${JSON.stringify(char)} at ${i}`);
    } else {
      field += char;
    }
  }
  if (quoted) throw new Error('Unterminated quoted field');
  if (field !== '' || record.length > 0) records.push([...record, field]);
  const [header, ...rest] = records;
  for (const [index, values] of rest.entries()) {
    if (values.length !== header.length) throw new Error(`Record ${index + 1} has ${values.length} fields, the header ${header.length}`);
  }
  return { header, rows: rest.map((values) => Object.fromEntries(header.map((name, index) => [name, values[index]]))) };
}
