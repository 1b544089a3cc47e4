import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Product categories (docs/catalog.md, "Categories"): a shop's named groups of products, each with
 * a name unique in the shop (case aside), a slug unique in the shop and a position. Products that
 * named a category id before categories existed lose it (no such category), then `category_id`
 * becomes a real foreign key: deleting a category leaves its products uncategorised.
 */
export class Categories1763702200000 implements MigrationInterface {
  name = 'Categories1763702200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE categories (
        id serial PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        name varchar(120) NOT NULL CONSTRAINT categories_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 120),
        slug varchar(140) NOT NULL CONSTRAINT categories_slug_check CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        position integer NOT NULL DEFAULT 0 CONSTRAINT categories_position_check CHECK (position >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE UNIQUE INDEX categories_tenant_name_unique ON categories (tenant_id, lower(name))');
    await db.query('CREATE UNIQUE INDEX categories_tenant_slug_unique ON categories (tenant_id, slug)');
    await db.query('CREATE INDEX categories_tenant_position ON categories (tenant_id, position, id)');
    // No category existed: every id products hold names none.
    await db.query(
      'UPDATE products SET category_id = NULL WHERE category_id IS NOT NULL AND category_id NOT IN (SELECT id FROM categories)',
    );
    await db.query(
      'ALTER TABLE products ADD CONSTRAINT products_category_id_fkey FOREIGN KEY (category_id) REFERENCES categories(id) ON DELETE SET NULL',
    );
    await db.query('CREATE INDEX products_tenant_category ON products (tenant_id, category_id) WHERE category_id IS NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX products_tenant_category');
    await db.query('ALTER TABLE products DROP CONSTRAINT products_category_id_fkey');
    await db.query('DROP TABLE categories');
  }
}
