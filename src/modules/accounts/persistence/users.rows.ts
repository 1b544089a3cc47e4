import type { UserRole } from '../domain/user-role';
import { UserEntity } from './user.entity';

/** `users` as `UsersRepository.findById` reads it (the entity built by hand, issue 14). */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  tenant_id: string | null;
  role: UserRole;
  is_super_admin: boolean;
  avatar_url: string | null;
  email_verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What an account created from a provider's login returns. */
export interface ProviderUserRow {
  id: string;
  name: string;
  email: string;
  tenant_id: string | null;
  avatar_url: string | null;
}

/** A recipient row with its shop (`tenantMember`), or a shop with one of its admins, if any (`tenantAdmins`). */
export interface TenantRecipientRow {
  tenant_name: string;
  language: string;
  timezone: string;
  id: string | null;
  name: string | null;
  email: string | null;
}

export function userFromRow(row: UserRow): UserEntity {
  return Object.assign(new UserEntity(), {
    id: row.id,
    name: row.name,
    email: row.email,
    tenantId: row.tenant_id,
    role: row.role,
    isSuperAdmin: row.is_super_admin,
    avatarUrl: row.avatar_url,
    emailVerifiedAt: row.email_verified_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}
