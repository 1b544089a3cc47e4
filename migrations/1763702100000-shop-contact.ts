import { MigrationInterface, QueryRunner } from 'typeorm';

/** 7 to 20 characters of digits, spaces, `+`, `-` and parentheses, at least 7 of them digits (common/http/contact-fields.ts). */
const phoneCheck = (column: string) =>
  `CHECK (${column} ~ '^[0-9 +()-]{7,20}$' AND length(regexp_replace(${column}, '[^0-9]', '', 'g')) >= 7)`;

/**
 * The shop's contact details (docs/accounts.md, "The shop's contact details"): its phone, WhatsApp
 * (E.164), email, address, logo and social links, and a phone per location. Each is optional;
 * the social links are an object, `{}` when the shop has none. The checks repeat the API's rules
 * where they are cheap to state in SQL (the email's is left to the API).
 */
export class ShopContact1763702100000 implements MigrationInterface {
  name = 'ShopContact1763702100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE tenants
        ADD COLUMN phone varchar(20) CONSTRAINT tenants_phone_check ${phoneCheck('phone')},
        ADD COLUMN whatsapp varchar(16) CONSTRAINT tenants_whatsapp_check CHECK (whatsapp ~ '^\\+[1-9][0-9]{7,14}$'),
        ADD COLUMN email varchar(254),
        ADD COLUMN address varchar(500),
        ADD COLUMN logo_url varchar(2048) CONSTRAINT tenants_logo_url_check CHECK (logo_url ~* '^https://'),
        ADD COLUMN social_links jsonb NOT NULL DEFAULT '{}'
          CONSTRAINT tenants_social_links_check CHECK (jsonb_typeof(social_links) = 'object')`);
    await db.query(`ALTER TABLE locations ADD COLUMN phone varchar(20) CONSTRAINT locations_phone_check ${phoneCheck('phone')}`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE locations DROP COLUMN phone');
    await db.query(`
      ALTER TABLE tenants
        DROP COLUMN social_links,
        DROP COLUMN logo_url,
        DROP COLUMN address,
        DROP COLUMN email,
        DROP COLUMN whatsapp,
        DROP COLUMN phone`);
  }
}
