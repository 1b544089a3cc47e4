import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SocialAccountUserRow } from './social-accounts.rows';

/** The `social_accounts` table: only this module writes it. Every method runs in the caller's transaction. */
@Injectable()
export class SocialAccountsRepository {
  /** The account this provider login opens, if any. */
  async linkedUserId(manager: EntityManager, provider: string, subject: string): Promise<string | null> {
    const rows: SocialAccountUserRow[] = await manager.query(
      'SELECT user_id FROM social_accounts WHERE provider = $1 AND provider_id = $2',
      [provider, subject],
    );
    return rows[0]?.user_id ?? null;
  }

  /**
   * Connects the login to `link.userId`, or records a new sign-in of a login already connected to
   * it. False when the login is connected to another account (nothing written).
   */
  async link(
    manager: EntityManager,
    link: { userId: string; provider: string; subject: string; email: string; avatarUrl: string | null | undefined },
  ): Promise<boolean> {
    const linked: SocialAccountUserRow[] = await manager.query(
      `INSERT INTO social_accounts (user_id, provider, provider_id, email, avatar_url) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider, provider_id) DO UPDATE SET last_sign_in_at = now(), email = EXCLUDED.email,
         avatar_url = COALESCE(EXCLUDED.avatar_url, social_accounts.avatar_url)
       WHERE social_accounts.user_id = EXCLUDED.user_id
       RETURNING user_id`,
      [link.userId, link.provider, link.subject, link.email, link.avatarUrl],
    );
    return linked.length > 0;
  }

  /** Every provider login of the user; how many there were. */
  async deleteAllOfUser(manager: EntityManager, userId: string): Promise<number> {
    const [, removed] = await manager.query<[unknown, number]>('DELETE FROM social_accounts WHERE user_id = $1', [userId]);
    return removed;
  }
}
