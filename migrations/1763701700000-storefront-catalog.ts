import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public storefront catalog (decisions §18): a product's optional description and image, and
 * what the storefront sorts and searches by. `name_key` and `description_key` are the name and the
 * description lower-cased with accents dropped, written by the catalog beside every write of those
 * fields (`searchKey` in catalog/domain/catalog-search.ts); existing rows are filled here.
 *
 * The storefront lists a shop's active products by (name_key, id): one partial index serves every
 * page, the first and any cursor's. A search matches `name_key || ' ' || description_key` by
 * substring, which pg_trgm's GIN index serves. pg_trgm ships with PostgreSQL (contrib, "trusted":
 * the database's owner may create it, no superuser needed; the embedded PostgreSQL of zero-setup mode
 * has it too). Where it cannot be created the search still works, reading the shop's products in
 * order instead of the index (docs/storefront.md, "Catalog search").
 */
export class StorefrontCatalog1763701700000 implements MigrationInterface {
  name = 'StorefrontCatalog1763701700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE products
        ADD COLUMN description text NULL CONSTRAINT products_description_length CHECK (char_length(description) <= 5000),
        ADD COLUMN image_url varchar(2048) NULL CONSTRAINT products_image_url_https CHECK (image_url ~* '^https://'),
        ADD COLUMN name_key text COLLATE "C" NOT NULL DEFAULT '',
        ADD COLUMN description_key text COLLATE "C" NOT NULL DEFAULT ''`);

    // The keys of existing products, as the application computes them, a thousand rows at a time.
    let after = 0;
    for (;;) {
      const rows: Array<{ id: number; name: string }> = await db.query(
        'SELECT id, name FROM products WHERE id > $1 ORDER BY id LIMIT 1000',
        [after],
      );
      if (rows.length === 0) break;
      await db.query(
        `UPDATE products p SET name_key = k.name_key FROM unnest($1::int[], $2::text[]) AS k(id, name_key) WHERE p.id = k.id`,
        [rows.map((row) => row.id), rows.map((row) => searchKey(row.name))],
      );
      after = rows[rows.length - 1].id;
    }

    await db.query(`CREATE INDEX products_storefront_order ON products (tenant_id, name_key, id) WHERE is_active`);

    await db.query('SAVEPOINT storefront_trigram');
    try {
      await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await db.query('RELEASE SAVEPOINT storefront_trigram');
    } catch {
      await db.query('ROLLBACK TO SAVEPOINT storefront_trigram');
      return;
    }
    await db.query(
      `CREATE INDEX products_storefront_search ON products USING gin ((name_key || ' ' || description_key) gin_trgm_ops) WHERE is_active`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX IF EXISTS products_storefront_search');
    await db.query('DROP INDEX products_storefront_order');
    await db.query(
      'ALTER TABLE products DROP COLUMN description_key, DROP COLUMN name_key, DROP COLUMN image_url, DROP COLUMN description',
    );
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
