import type { UserRole } from '../domain/user-role';

/** A token with its user, as the bearer check reads it. */
export interface TokenRow {
  token_hash: string;
  expires_at: Date | null;
  /** `last_used_at` is older than the touch interval (or unset). */
  touch: boolean;
  user_id: string;
  tenant_id: string | null;
  role: UserRole;
  is_super_admin: boolean;
}

/** A token just issued. */
export interface IssuedTokenRow {
  id: string;
  expires_at: Date | null;
}
