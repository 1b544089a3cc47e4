import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { hashPassword } from '@modules/accounts/services/password-hasher';
import { slugify } from '@modules/accounts/domain/slug';
import type { SubscriptionStatus, TenantStatus } from '@modules/accounts/domain/tenant';
import type { UserRole } from '@modules/accounts/domain/user-role';
import { formatBearerToken, hashTokenSecret, newTokenSecret } from '@modules/accounts/tokens/bearer-token';
import { useStarted } from './lifecycle';
import type { TestApp } from './test-app';

/**
 * Rows for tests, written straight to the database (no HTTP, no argon2 per user: one hash per
 * distinct password per run). Every user gets a real bearer token the running app accepts, unless
 * `token: false`. Emails and slugs are unique per call, so tests never step on each other.
 *
 *   const { tenant, owner, token } = await createTenantWithOwner(t);
 *   await t.http().get('/api/v1/orders').set(authHeader(token));
 */

export const DEFAULT_PASSWORD = 'password123';

export type FactorySource = TestApp | DataSource | EntityManager;

export interface FactoryUser {
  id: string;
  name: string;
  email: string;
  tenantId: string | null;
  role: UserRole;
  isSuperAdmin: boolean;
  avatarUrl: string | null;
  emailVerifiedAt: Date | null;
  /** The plain password (null for an account without one). */
  password: string | null;
}

export interface FactoryTenant {
  id: string;
  name: string;
  slug: string;
  userId: string | null;
  status: TenantStatus;
  subscriptionStatus: SubscriptionStatus;
  subscriptionEndsAt: Date | null;
  description: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  slogan: string | null;
  tags: string[];
  isAiEnhanced: boolean;
  aiCredits: number;
  deletedAt: Date | null;
  language: 'es' | 'en';
  timezone: string;
}

export interface UserOverrides {
  name?: string;
  email?: string;
  /** null: an account without a password (social or one-time-code sign-in). */
  password?: string | null;
  tenantId?: string | null;
  /** Default: `staff` with a tenantId, else `customer`. */
  role?: UserRole;
  isSuperAdmin?: boolean;
  avatarUrl?: string | null;
  emailVerifiedAt?: Date | null;
  /** false: no token. Default: a token named `test-token`. */
  token?: boolean | TokenOptions;
}

/** Overrides for users that always get a token. */
export type SignedInOverrides = Omit<UserOverrides, 'token'> & { token?: true | TokenOptions };

export interface TokenOptions {
  name?: string;
  /** null: never expires. Default: 30 days from now. A past date gives an expired token. */
  expiresAt?: Date | null;
}

export interface TenantOverrides {
  name?: string;
  slug?: string;
  status?: TenantStatus;
  subscriptionStatus?: SubscriptionStatus;
  subscriptionEndsAt?: Date | null;
  description?: string | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
  slogan?: string | null;
  tags?: string[];
  isAiEnhanced?: boolean;
  aiCredits?: number;
  /** Soft-deleted (archived) when set. */
  deletedAt?: Date | null;
  /** The language of the mails to the shop's people; `es` unless told. */
  language?: 'es' | 'en';
  /** IANA name; `America/Tegucigalpa` unless told. */
  timezone?: string;
}

const passwordHashes = new Map<string, Promise<string>>();

function hashOnce(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

function managerOf(source: FactorySource): EntityManager {
  if (source instanceof EntityManager) return source;
  if (source instanceof DataSource) return source.manager;
  return source.get(DataSource).manager;
}

function unique(): string {
  return randomUUID().slice(0, 8);
}

/** `{ Authorization: 'Bearer <token>' }`, for supertest's `.set(...)`. */
export function authHeader(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/**
 * A user override: the email proven (by a one-time code or a social provider) long ago. The AI
 * features refuse anyone else (docs/ai.md "Who may use AI").
 */
export const PROVEN_EMAIL: { emailVerifiedAt: Date } = { emailVerifiedAt: new Date('2024-01-01T00:00:00Z') };

/** A bearer token for an existing user, exactly as TokenService stores it. */
export async function issueToken(source: FactorySource, userId: string, options: TokenOptions = {}): Promise<string> {
  const secret = newTokenSecret();
  const expiresAt = options.expiresAt === undefined ? new Date(Date.now() + 30 * 86_400_000) : options.expiresAt;
  const rows: Array<{ id: string }> = await managerOf(source).query(
    'INSERT INTO personal_access_tokens (user_id, name, token_hash, expires_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [userId, options.name ?? 'test-token', hashTokenSecret(secret), expiresAt],
  );
  return formatBearerToken(rows[0].id, secret);
}

/** A user (by default a customer without a shop) and a bearer token for it (null with `token: false`). */
export async function createUser(
  source: FactorySource,
  overrides: UserOverrides & { token: false },
): Promise<{ user: FactoryUser; token: null }>;
export async function createUser(source: FactorySource, overrides?: SignedInOverrides): Promise<{ user: FactoryUser; token: string }>;
export async function createUser(
  source: FactorySource,
  overrides: UserOverrides = {},
): Promise<{ user: FactoryUser; token: string | null }> {
  const manager = managerOf(source);
  const password = overrides.password === undefined ? DEFAULT_PASSWORD : overrides.password;
  const tenantId = overrides.tenantId ?? null;
  const rows: Array<Record<string, unknown>> = await manager.query(
    `INSERT INTO users (name, email, password_hash, tenant_id, role, is_super_admin, avatar_url, email_verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING id, name, email, tenant_id, role, is_super_admin, avatar_url, email_verified_at`,
    [
      overrides.name ?? 'Test User',
      (overrides.email ?? `user-${randomUUID()}@example.test`).toLowerCase(),
      password === null ? null : await hashOnce(password),
      tenantId,
      overrides.role ?? (tenantId ? 'staff' : 'customer'),
      overrides.isSuperAdmin ?? false,
      overrides.avatarUrl ?? null,
      overrides.emailVerifiedAt ?? null,
    ],
  );
  const user = toUser(rows[0], password);
  if (overrides.token === false) return { user, token: null };
  const token = await issueToken(manager, user.id, typeof overrides.token === 'object' ? overrides.token : {});
  return { user, token };
}

/** A shop with its owner (role `owner`, `tenants.user_id`) and the owner's bearer token. */
export async function createTenantWithOwner(
  source: FactorySource,
  overrides: { tenant?: TenantOverrides; owner?: Omit<SignedInOverrides, 'tenantId'> } = {},
): Promise<{ tenant: FactoryTenant; owner: FactoryUser; token: string }> {
  const manager = managerOf(source);
  const { token: tokenOptions, ...ownerOverrides } = overrides.owner ?? {};
  const work = async (tx: EntityManager) => {
    const { user } = await createUser(tx, { role: 'owner', ...ownerOverrides, token: false });
    const tenant = await insertTenant(tx, overrides.tenant ?? {}, user.id);
    await tx.query('UPDATE users SET tenant_id = $2 WHERE id = $1', [user.id, tenant.id]);
    const token = await issueToken(tx, user.id, typeof tokenOptions === 'object' ? tokenOptions : {});
    return { tenant, owner: { ...user, tenantId: tenant.id }, token };
  };
  return manager.queryRunner?.isTransactionActive ? work(manager) : manager.transaction(work);
}

export type TenantWithOwner = Awaited<ReturnType<typeof createTenantWithOwner>>;

/** A shop with its owner shared by a describe block: created in its beforeAll (after the app it is given has started). */
export function useTenantWithOwner(source: FactorySource, overrides: Parameters<typeof createTenantWithOwner>[1] = {}): TenantWithOwner {
  return useStarted(() => createTenantWithOwner(source, overrides));
}

/** A shop without an owner (`user_id` null), for the rules that need one. */
export function createTenant(source: FactorySource, overrides: TenantOverrides = {}): Promise<FactoryTenant> {
  return insertTenant(managerOf(source), overrides, null);
}

/** A member of an existing shop (`staff` unless told otherwise) with a bearer token. */
export function createStaff(
  source: FactorySource,
  tenant: { id: string },
  overrides: Omit<SignedInOverrides, 'tenantId'> = {},
): Promise<{ user: FactoryUser; token: string }> {
  return createUser(source, { role: 'staff', ...overrides, tenantId: tenant.id });
}

async function insertTenant(manager: EntityManager, overrides: TenantOverrides, ownerId: string | null): Promise<FactoryTenant> {
  const name = overrides.name ?? `Test Shop ${unique()}`;
  const rows: Array<Record<string, unknown>> = await manager.query(
    `INSERT INTO tenants (name, slug, user_id, status, subscription_status, subscription_ends_at, description, seo_title,
                          seo_description, slogan, tags, is_ai_enhanced, ai_credits, deleted_at, language, timezone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16)
     RETURNING *`,
    [
      name,
      overrides.slug ?? `${slugify(name).slice(0, 200)}-${unique()}`,
      ownerId,
      overrides.status ?? 'active',
      overrides.subscriptionStatus ?? 'active',
      overrides.subscriptionEndsAt ?? null,
      overrides.description ?? null,
      overrides.seoTitle ?? null,
      overrides.seoDescription ?? null,
      overrides.slogan ?? null,
      JSON.stringify(overrides.tags ?? []),
      overrides.isAiEnhanced ?? false,
      overrides.aiCredits ?? 100,
      overrides.deletedAt ?? null,
      overrides.language ?? 'es',
      overrides.timezone ?? 'America/Tegucigalpa',
    ],
  );
  return fromRow<FactoryTenant>(rows[0], TENANT_FIELDS);
}

function toUser(row: Record<string, unknown>, password: string | null): FactoryUser {
  return { ...fromRow<Omit<FactoryUser, 'password'>>(row, USER_FIELDS), password };
}

const TENANT_FIELDS: Array<keyof FactoryTenant> = [
  'id',
  'name',
  'slug',
  'userId',
  'status',
  'subscriptionStatus',
  'subscriptionEndsAt',
  'description',
  'seoTitle',
  'seoDescription',
  'slogan',
  'tags',
  'isAiEnhanced',
  'aiCredits',
  'deletedAt',
  'language',
  'timezone',
];

const USER_FIELDS: Array<keyof Omit<FactoryUser, 'password'>> = [
  'id',
  'name',
  'email',
  'tenantId',
  'role',
  'isSuperAdmin',
  'avatarUrl',
  'emailVerifiedAt',
];

/** The named fields of a row, each read from its snake_case column (`userId` from `user_id`). */
function fromRow<T>(row: Record<string, unknown>, fields: Array<keyof T & string>): T {
  return Object.fromEntries(fields.map((field) => [field, row[field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)]])) as T;
}
