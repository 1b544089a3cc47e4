import { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763700100000 implements MigrationInterface {
  name = 'Accounts1763700100000';

  async up(db: QueryRunner): Promise<void> {
    // tenants.user_id and users.tenant_id point at each other: the owner key is added once both exist.
    await db.query(`
      CREATE TABLE tenants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(255) NOT NULL,
        slug varchar(255) NOT NULL,
        user_id uuid NULL,
        status varchar(16) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
        subscription_status varchar(16) NOT NULL DEFAULT 'active'
          CHECK (subscription_status IN ('trialing', 'active', 'past_due', 'canceled', 'expired')),
        subscription_ends_at timestamptz NULL,
        description text NULL,
        seo_title varchar(255) NULL,
        seo_description text NULL,
        slogan varchar(255) NULL,
        tags jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(tags) = 'array'),
        is_ai_enhanced boolean NOT NULL DEFAULT false,
        ai_credits integer NOT NULL DEFAULT 100 CHECK (ai_credits >= 0),
        deleted_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tenants_slug_unique UNIQUE (slug),
        CONSTRAINT tenants_slug_format CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
      )`);

    // Prefix searches (`cafe-nino-%`) when numbering a slug that is already taken.
    await db.query(`CREATE INDEX tenants_slug_pattern_idx ON tenants (slug varchar_pattern_ops)`);

    await db.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(255) NOT NULL,
        email varchar(255) NOT NULL CHECK (email = lower(email)),
        password_hash text NULL,
        tenant_id uuid NULL REFERENCES tenants (id) ON DELETE SET NULL,
        role varchar(16) NOT NULL DEFAULT 'customer' CHECK (role IN ('owner', 'admin', 'staff', 'customer')),
        is_super_admin boolean NOT NULL DEFAULT false,
        avatar_url varchar(2048) NULL,
        email_verified_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Case-insensitive uniqueness lives here, so concurrent registrations cannot both win.
    await db.query(`CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))`);
    await db.query(`CREATE INDEX users_tenant_idx ON users (tenant_id) WHERE tenant_id IS NOT NULL`);

    await db.query(`
      ALTER TABLE tenants
        ADD CONSTRAINT tenants_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL`);
    await db.query(`CREATE INDEX tenants_user_idx ON tenants (user_id) WHERE user_id IS NOT NULL`);

    await db.query(`
      CREATE TABLE personal_access_tokens (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        token_hash char(64) NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        last_used_at timestamptz NULL,
        expires_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT personal_access_tokens_hash_unique UNIQUE (token_hash)
      )`);
    await db.query(`CREATE INDEX personal_access_tokens_user_idx ON personal_access_tokens (user_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE personal_access_tokens');
    await db.query('ALTER TABLE tenants DROP CONSTRAINT tenants_user_id_fkey');
    await db.query('DROP TABLE users');
    await db.query('DROP TABLE tenants');
  }
}
