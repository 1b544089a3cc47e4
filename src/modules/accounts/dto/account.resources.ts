import { ApiProperty } from '@nestjs/swagger';
import { USER_ROLES } from '@common/context/request-context';
import { SUBSCRIPTION_STATUSES, TENANT_STATUSES, type SubscriptionStatus, type TenantStatus } from '../domain/tenant';
import type { TenantEntity } from '../persistence/tenant.entity';
import type { UserEntity } from '../persistence/user.entity';
import type { UserRole } from '../domain/user-role';

/** GET /api/v1/user: the account as its owner sees it; never a password hash or token. */
export class UserResource {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ maxLength: 255, example: 'Ana López' })
  name: string;

  @ApiProperty({ format: 'email', maxLength: 255, example: 'ana@example.com' })
  email: string;

  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: "The user's shop; null before onboarding" })
  tenant_id: string | null;

  @ApiProperty({ enum: USER_ROLES })
  role: UserRole;

  @ApiProperty()
  is_super_admin: boolean;

  @ApiProperty({ type: 'string', nullable: true, description: 'From a social sign-in' })
  avatar_url: string | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When the email was first proven; null while it never was',
  })
  email_verified_at: string | null;

  @ApiProperty({
    description: 'The email is proven (a one-time code for it was entered, or a social provider verified it): the AI features need it',
  })
  email_verified: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class TenantResource {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ maxLength: 255, example: 'Café Niño' })
  name: string;

  @ApiProperty({ example: 'cafe-nino', description: 'Derived from the name; never changes' })
  slug: string;

  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'The owner' })
  user_id: string | null;

  @ApiProperty({ enum: TENANT_STATUSES })
  status: TenantStatus;

  @ApiProperty({ enum: SUBSCRIPTION_STATUSES })
  subscription_status: SubscriptionStatus;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  subscription_ends_at: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  description: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  seo_title: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  seo_description: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  slogan: string | null;

  @ApiProperty({ type: [String] })
  tags: string[];

  @ApiProperty()
  is_ai_enhanced: boolean;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'AI credits left' })
  ai_credits: number;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class TenantResponse {
  @ApiProperty({ type: TenantResource })
  data: TenantResource;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toUserResource(user: UserEntity): UserResource {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    tenant_id: user.tenantId,
    role: user.role,
    is_super_admin: user.isSuperAdmin,
    avatar_url: user.avatarUrl,
    email_verified_at: iso(user.emailVerifiedAt),
    email_verified: user.emailVerifiedAt !== null,
    created_at: iso(user.createdAt)!,
    updated_at: iso(user.updatedAt)!,
  };
}

export function toTenantResource(tenant: TenantEntity): TenantResource {
  return {
    id: tenant.id,
    name: tenant.name,
    slug: tenant.slug,
    user_id: tenant.userId,
    status: tenant.status,
    subscription_status: tenant.subscriptionStatus,
    subscription_ends_at: iso(tenant.subscriptionEndsAt),
    description: tenant.description,
    seo_title: tenant.seoTitle,
    seo_description: tenant.seoDescription,
    slogan: tenant.slogan,
    tags: tenant.tags,
    is_ai_enhanced: tenant.isAiEnhanced,
    ai_credits: tenant.aiCredits,
    created_at: iso(tenant.createdAt)!,
    updated_at: iso(tenant.updatedAt)!,
  };
}
