import { MigrationInterface, QueryRunner } from 'typeorm';

export class OtpSessions1763700200000 implements MigrationInterface {
  name = 'OtpSessions1763700200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE otp_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        identifier varchar(255) NOT NULL,
        channel varchar(8) NOT NULL CHECK (channel IN ('email', 'sms')),
        code_hmac char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        consumed_at timestamptz NULL,
        invalidated_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Finds the open sessions of an identifier when a new code supersedes them.
    await db.query(`CREATE INDEX otp_sessions_open_idx ON otp_sessions (identifier) WHERE consumed_at IS NULL AND invalidated_at IS NULL`);
    await db.query(`CREATE INDEX otp_sessions_expires_idx ON otp_sessions (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE otp_sessions');
  }
}
