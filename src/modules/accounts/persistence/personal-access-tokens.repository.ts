import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { IssuedTokenRow, TokenRow } from './personal-access-tokens.rows';

// last_used_at is bookkeeping: one write a minute per token is plenty and keeps reads read-only.
const TOUCH_INTERVAL = `interval '60 seconds'`;

/** The `personal_access_tokens` table: only this module writes it. */
@Injectable()
export class PersonalAccessTokensRepository {
  /** A token expiring in `ttlDays` (never when 0); `name` at most 255 characters. */
  async insert(manager: EntityManager, userId: string, name: string, tokenHash: string, ttlDays: number): Promise<IssuedTokenRow> {
    const rows: IssuedTokenRow[] = await manager.query(
      `INSERT INTO personal_access_tokens (user_id, name, token_hash, expires_at)
       VALUES ($1, $2, $3, CASE WHEN $4::int = 0 THEN NULL ELSE now() + make_interval(days => $4::int) END)
       RETURNING id, expires_at`,
      [userId, name, tokenHash, ttlDays],
    );
    return rows[0];
  }

  /** On the data source (the bearer check, no transaction): an unexpired token with its user. */
  async findUnexpired(dataSource: DataSource, id: string): Promise<TokenRow | undefined> {
    const rows: TokenRow[] = await dataSource.query(
      `SELECT t.token_hash, t.expires_at,
              (t.last_used_at IS NULL OR t.last_used_at < now() - ${TOUCH_INTERVAL}) AS touch,
              u.id AS user_id, u.tenant_id, u.role, u.is_super_admin
         FROM personal_access_tokens t
         JOIN users u ON u.id = t.user_id
        WHERE t.id = $1 AND (t.expires_at IS NULL OR t.expires_at > now())`,
      [id],
    );
    return rows[0];
  }

  /** On the data source: `last_used_at`, unless another use set it within the touch interval. */
  async touch(dataSource: DataSource, id: string): Promise<void> {
    await dataSource.query(
      `UPDATE personal_access_tokens SET last_used_at = now()
          WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - ${TOUCH_INTERVAL})`,
      [id],
    );
  }

  async idsOfUser(manager: EntityManager, userId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await manager.query('SELECT id FROM personal_access_tokens WHERE user_id = $1', [userId]);
    return rows.map((row) => String(row.id));
  }

  /** True when it existed. */
  async delete(manager: EntityManager, tokenId: string): Promise<boolean> {
    const [, affected] = await manager.query<[unknown, number]>('DELETE FROM personal_access_tokens WHERE id = $1', [tokenId]);
    return affected > 0;
  }

  /** The ids deleted. */
  async deleteAllOfUser(manager: EntityManager, userId: string): Promise<string[]> {
    const [rows] = await manager.query<[Array<{ id: string }>, number]>(
      'DELETE FROM personal_access_tokens WHERE user_id = $1 RETURNING id',
      [userId],
    );
    return rows.map((row) => String(row.id));
  }
}
