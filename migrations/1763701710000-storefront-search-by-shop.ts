import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The storefront's search index gains the shop as its first column (btree_gin), so that a shop's
 * search reads only its own matches: on the text's trigrams alone, a term common in one large shop
 * made every other shop's search read that shop's matches (benchmarks.md, `storefront-catalog`).
 * btree_gin ships with PostgreSQL like pg_trgm (contrib, "trusted"; the embedded PostgreSQL of
 * zero-setup mode has it too). Where it cannot be created, the index on the trigrams alone stays.
 */
export class StorefrontSearchByShop1763701710000 implements MigrationInterface {
  name = 'StorefrontSearchByShop1763701710000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('SAVEPOINT storefront_search_by_shop');
    try {
      await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await db.query('CREATE EXTENSION IF NOT EXISTS btree_gin');
      await db.query('RELEASE SAVEPOINT storefront_search_by_shop');
    } catch {
      await db.query('ROLLBACK TO SAVEPOINT storefront_search_by_shop');
      return;
    }
    await db.query('DROP INDEX IF EXISTS products_storefront_search');
    await db.query(
      `CREATE INDEX products_storefront_search ON products
         USING gin (tenant_id, (name_key || ' ' || description_key) gin_trgm_ops) WHERE is_active`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    const [{ trigrams }]: Array<{ trigrams: boolean }> = await db.query(
      `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS trigrams`,
    );
    if (!trigrams) return;
    // The extensions stay: other objects may have come to use them.
    await db.query('DROP INDEX IF EXISTS products_storefront_search');
    await db.query(
      `CREATE INDEX products_storefront_search ON products USING gin ((name_key || ' ' || description_key) gin_trgm_ops) WHERE is_active`,
    );
  }
}
