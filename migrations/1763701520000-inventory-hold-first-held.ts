import { MigrationInterface, QueryRunner } from 'typeorm';

export class InventoryHoldFirstHeld1763701520000 implements MigrationInterface {
  name = 'InventoryHoldFirstHeld1763701520000';

  async up(db: QueryRunner): Promise<void> {
    // When the session's run of holds began: a renewal carries it over, so a session's holds end
    // at the latest 30 minutes after its first hold (decisions §15). Holds placed before this
    // column existed began when they were created.
    await db.query(`ALTER TABLE inventory_holds ADD COLUMN first_held_at timestamptz NULL`);
    await db.query(`UPDATE inventory_holds SET first_held_at = created_at`);
    await db.query(`ALTER TABLE inventory_holds ALTER COLUMN first_held_at SET NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE inventory_holds DROP COLUMN first_held_at');
  }
}
