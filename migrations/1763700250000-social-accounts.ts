import { MigrationInterface, QueryRunner } from 'typeorm';

export class SocialAccounts1763700250000 implements MigrationInterface {
  name = 'SocialAccounts1763700250000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE social_accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        provider varchar(16) NOT NULL CHECK (provider IN ('google', 'facebook', 'apple', 'github', 'twitter')),
        provider_id varchar(255) NOT NULL,
        email varchar(255) NULL,
        avatar_url varchar(2048) NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_sign_in_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT social_accounts_provider_subject_unique UNIQUE (provider, provider_id),
        CONSTRAINT social_accounts_one_per_provider UNIQUE (user_id, provider)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE social_accounts');
  }
}
