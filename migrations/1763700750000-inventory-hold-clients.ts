import { MigrationInterface, QueryRunner } from 'typeorm';

export class InventoryHoldClients1763700750000 implements MigrationInterface {
  name = 'InventoryHoldClients1763700750000';

  async up(db: QueryRunner): Promise<void> {
    // The client that placed a hold (an IPv4 address, or an IPv6 /64: common/http/client-network),
    // so one client's live holding sessions per shop can be bounded (decisions §6). Holds placed
    // before this column existed have none and count for nobody; they expire within minutes.
    await db.query(`ALTER TABLE inventory_holds ADD COLUMN client_ip varchar(64) NULL`);
    await db.query(`CREATE INDEX inventory_holds_client_idx ON inventory_holds (tenant_id, client_ip, expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX inventory_holds_client_idx');
    await db.query('ALTER TABLE inventory_holds DROP COLUMN client_ip');
  }
}
