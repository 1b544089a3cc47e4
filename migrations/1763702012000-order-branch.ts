import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The branch an order is taken at, as the order shows it (docs/commerce.md, "Branches"): the
 * location's name and address are kept on the order beside `location_id` by the placing
 * statement, as its lines keep the product's name and price. Existing orders whose location still
 * exists are filled from it here.
 */
export class OrderBranch1763702012000 implements MigrationInterface {
  name = 'OrderBranch1763702012000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders ADD COLUMN location_name varchar(255), ADD COLUMN location_address varchar(500)`);
    await db.query(
      `UPDATE orders o SET location_name = l.name, location_address = l.address
         FROM locations l WHERE l.id = o.location_id`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE orders DROP COLUMN location_address, DROP COLUMN location_name');
  }
}
