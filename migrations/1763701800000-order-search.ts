import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The merchant's order search (`GET /api/v1/orders?search=`, docs/commerce.md "Order search"):
 * `customer_name_key` is the customer's name in the catalog's search form (lower-case, accents
 * dropped: `searchKey` of catalog/domain/catalog-search.ts) and `customer_phone_digits` the phone's
 * digits alone, both written by the placing statement beside the name and the phone; existing
 * rows are filled here. A GIN index on the shop (btree_gin) and both keys' trigrams (pg_trgm)
 * serves a "contains" match on either; the order number is matched exactly through
 * orders_tenant_number_unique. The list's own indexes are untouched. Where the extensions cannot
 * be created the search still answers, reading the shop's orders newest first instead.
 */
export class OrderSearch1763701800000 implements MigrationInterface {
  name = 'OrderSearch1763701800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE orders
        ADD COLUMN customer_name_key text COLLATE "C" NOT NULL DEFAULT '',
        ADD COLUMN customer_phone_digits text COLLATE "C" NOT NULL DEFAULT ''`);

    // The keys of existing orders, as the application computes them, a thousand rows at a time.
    let after = 0;
    for (;;) {
      const rows: Array<{ id: number; customer_name: string; customer_phone: string }> = await db.query(
        'SELECT id, customer_name, customer_phone FROM orders WHERE id > $1 ORDER BY id LIMIT 1000',
        [after],
      );
      if (rows.length === 0) break;
      await db.query(
        `UPDATE orders o SET customer_name_key = k.name_key, customer_phone_digits = k.phone_digits
           FROM unnest($1::int[], $2::text[], $3::text[]) AS k(id, name_key, phone_digits) WHERE o.id = k.id`,
        [
          rows.map((row) => row.id),
          rows.map((row) => searchKey(row.customer_name)),
          rows.map((row) => row.customer_phone.replace(/\D/g, '')),
        ],
      );
      after = rows[rows.length - 1].id;
    }

    await db.query('SAVEPOINT order_search');
    try {
      await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await db.query('CREATE EXTENSION IF NOT EXISTS btree_gin');
      await db.query('RELEASE SAVEPOINT order_search');
    } catch {
      await db.query('ROLLBACK TO SAVEPOINT order_search');
      return;
    }
    await db.query(
      `CREATE INDEX orders_search ON orders USING gin (tenant_id, customer_name_key gin_trgm_ops, customer_phone_digits gin_trgm_ops)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX IF EXISTS orders_search');
    await db.query('ALTER TABLE orders DROP COLUMN customer_phone_digits, DROP COLUMN customer_name_key');
  }
}

/**
 * The catalog's `searchKey` as it was when this migration was written (a migration keeps its own
 * copy: it must fill the rows the same way whatever the code becomes later).
 */
function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}
