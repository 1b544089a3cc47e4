import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Env } from '@config/env.validation';
import type { PrincipalResolver } from '@common/context/ports';
import type { Principal } from '@common/context/request-context';
import type { UserRole } from '../domain/user-role';
import { formatBearerToken, hashTokenSecret, newTokenSecret, parseBearerToken, secretMatchesHash } from './bearer-token';

export interface IssuedToken {
  /** `<id>|<secret>`: shown to the client once, never stored. */
  plainTextToken: string;
  tokenId: string;
  /** Null when TOKEN_TTL_DAYS=0. */
  expiresAt: Date | null;
}

interface TokenRow {
  token_hash: string;
  touch: boolean;
  user_id: string;
  tenant_id: string | null;
  role: UserRole;
  is_super_admin: boolean;
}

// last_used_at is bookkeeping: one write a minute per token is plenty and keeps reads read-only.
const TOUCH_INTERVAL = `interval '60 seconds'`;

/**
 * Personal access tokens (decisions §3): `<id>|<48 base62 chars>`, of which only a SHA-256 of the
 * secret is stored. Every way of signing in (registration, one-time code, social provider) issues
 * its token here; the bearer strategy verifies them here.
 */
@Injectable()
export class TokenService implements PrincipalResolver {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<Env, true>,
  ) {}

  /** Inside the caller's transaction, so a token exists exactly when the sign-in that issued it committed. */
  async issue(manager: EntityManager, userId: string, name: string): Promise<IssuedToken> {
    const secret = newTokenSecret();
    const ttlDays = this.config.get('TOKEN_TTL_DAYS', { infer: true });
    const rows: Array<{ id: string; expires_at: Date | null }> = await manager.query(
      `INSERT INTO personal_access_tokens (user_id, name, token_hash, expires_at)
       VALUES ($1, $2, $3, CASE WHEN $4::int = 0 THEN NULL ELSE now() + make_interval(days => $4::int) END)
       RETURNING id, expires_at`,
      [userId, name.slice(0, 255), hashTokenSecret(secret), ttlDays],
    );
    const { id, expires_at: expiresAt } = rows[0];
    return { plainTextToken: formatBearerToken(id, secret), tokenId: String(id), expiresAt };
  }

  /**
   * The signed-in principal for a presented token, or null when it is malformed, unknown, expired,
   * revoked or its secret does not match. One indexed read; no cache, so revocation is immediate.
   */
  async verify(token: string): Promise<Principal | null> {
    const parsed = parseBearerToken(token);
    if (!parsed) return null;
    const rows: TokenRow[] = await this.dataSource.query(
      `SELECT t.token_hash,
              (t.last_used_at IS NULL OR t.last_used_at < now() - ${TOUCH_INTERVAL}) AS touch,
              u.id AS user_id, u.tenant_id, u.role, u.is_super_admin
         FROM personal_access_tokens t
         JOIN users u ON u.id = t.user_id
        WHERE t.id = $1 AND (t.expires_at IS NULL OR t.expires_at > now())`,
      [parsed.id],
    );
    const row = rows[0];
    if (!row || !secretMatchesHash(parsed.secret, row.token_hash)) return null;
    if (row.touch) {
      await this.dataSource.query(
        `UPDATE personal_access_tokens SET last_used_at = now()
          WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - ${TOUCH_INTERVAL})`,
        [parsed.id],
      );
    }
    return { id: row.user_id, tenantId: row.tenant_id, role: row.role, isSuperAdmin: row.is_super_admin, tokenId: parsed.id };
  }

  /** Deletes the token: its next use is a 401. True when it existed. */
  async revoke(manager: EntityManager, tokenId: string): Promise<boolean> {
    const [, affected] = await manager.query<[unknown, number]>('DELETE FROM personal_access_tokens WHERE id = $1', [tokenId]);
    return affected > 0;
  }

  /** Signs the user out everywhere. */
  async revokeAllForUser(manager: EntityManager, userId: string): Promise<number> {
    const [, affected] = await manager.query<[unknown, number]>('DELETE FROM personal_access_tokens WHERE user_id = $1', [userId]);
    return affected;
  }
}
