import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Image uploads (docs/uploads.md): one row per uploaded image, its files' keys (`<tenant id>/<hash>.webp`,
 * the largest in `key`, every width in `variants`), its size and when it came. A product's
 * `image_url` and the shop's `logo_url` may now hold this service's own upload URLs, which are
 * http:// on a development server: their checks accept http:// too (the API still refuses any
 * other http:// URL).
 */
export class Uploads1763702300000 implements MigrationInterface {
  name = 'Uploads1763702300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE uploads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        key varchar(200) NOT NULL,
        variants jsonb NOT NULL CHECK (jsonb_typeof(variants) = 'array'),
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        bytes integer NOT NULL CHECK (bytes >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX uploads_tenant_created_idx ON uploads (tenant_id, created_at DESC)');
    await db.query(`
      ALTER TABLE products DROP CONSTRAINT products_image_url_https,
        ADD CONSTRAINT products_image_url_https CHECK (image_url ~* '^https?://')`);
    await db.query(`
      ALTER TABLE tenants DROP CONSTRAINT tenants_logo_url_check,
        ADD CONSTRAINT tenants_logo_url_check CHECK (logo_url ~* '^https?://')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE tenants SET logo_url = NULL WHERE logo_url !~* '^https://'`);
    await db.query(`UPDATE products SET image_url = NULL WHERE image_url !~* '^https://'`);
    await db.query(`
      ALTER TABLE tenants DROP CONSTRAINT tenants_logo_url_check,
        ADD CONSTRAINT tenants_logo_url_check CHECK (logo_url ~* '^https://')`);
    await db.query(`
      ALTER TABLE products DROP CONSTRAINT products_image_url_https,
        ADD CONSTRAINT products_image_url_https CHECK (image_url ~* '^https://')`);
    await db.query('DROP TABLE uploads');
  }
}
