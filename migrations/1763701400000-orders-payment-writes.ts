import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cheaper writes of an order that do not change its status, such as a payment (issue 14):
 *
 * - Room on each page of `orders` (fill factor 85) for a changed row's new version, so that an
 *   update that changes no indexed column (payment state, `paid_at`, `updated_at`) is a HOT update:
 *   none of the table's four indexes gets a new entry. Applies to pages written from now on.
 * - The list counters' update trigger (migration ListCounts) becomes a row trigger that fires only
 *   when the status changes: the statement trigger ran, and collected its transition tables, for
 *   every update of an order. A status changes one order at a time, so counting it per row writes
 *   the same counter rows as before.
 */
export class OrdersPaymentWrites1763701400000 implements MigrationInterface {
  name = 'OrdersPaymentWrites1763701400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders SET (fillfactor = 85)`);
    await db.query(`
      CREATE FUNCTION orders_status_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM list_count_add(NEW.tenant_id, 'orders', NEW.status, 1);
        PERFORM list_count_add(OLD.tenant_id, 'orders', OLD.status, -1);
        RETURN NULL;
      END $$`);
    await db.query(`DROP TRIGGER orders_list_counts_update ON orders`);
    await db.query(`
      CREATE TRIGGER orders_list_counts_status AFTER UPDATE ON orders FOR EACH ROW
        WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION orders_status_list_counts()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER orders_list_counts_status ON orders`);
    await db.query(`DROP FUNCTION orders_status_list_counts()`);
    await db.query(
      `CREATE TRIGGER orders_list_counts_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_list_counts()`,
    );
    await db.query(`ALTER TABLE orders RESET (fillfactor)`);
  }
}
