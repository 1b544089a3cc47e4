import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How a shop takes money (docs/commerce.md, "Payment methods"): the methods it accepts (a non-empty
 * subset of cash and bank_transfer, cash unless it says otherwise) and the instructions a shopper
 * paying by transfer follows, which a shop accepting transfers must have.
 */
export class ShopPaymentMethods1763701905000 implements MigrationInterface {
  name = 'ShopPaymentMethods1763701905000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE tenants
        ADD COLUMN payment_methods text[] NOT NULL DEFAULT '{cash}'
          CONSTRAINT tenants_payment_methods_check
          CHECK (cardinality(payment_methods) >= 1 AND payment_methods <@ ARRAY['cash', 'bank_transfer']::text[]),
        ADD COLUMN bank_transfer_instructions varchar(1000),
        ADD CONSTRAINT tenants_bank_transfer_instructions_check
          CHECK (NOT ('bank_transfer' = ANY (payment_methods)) OR bank_transfer_instructions IS NOT NULL)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE tenants
        DROP CONSTRAINT tenants_bank_transfer_instructions_check,
        DROP COLUMN bank_transfer_instructions,
        DROP COLUMN payment_methods`);
  }
}
