import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { TenantEntity } from '../persistence/tenant.entity';
import type { UserEntity } from '../persistence/user.entity';
import type { UserRole } from '../domain/user-role';

/** GET /api/v1/user: the account as its owner sees it; never a password hash or token. */
export class UserResource {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  tenant_id: string | null;

  @ApiProperty({ enum: ['owner', 'admin', 'staff', 'customer'] })
  role: UserRole;

  @ApiProperty()
  is_super_admin: boolean;

  @ApiPropertyOptional({ nullable: true, type: String })
  avatar_url: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' })
  email_verified_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class TenantResource {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ example: 'cafe-nino' })
  slug: string;

  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'The owner' })
  user_id: string | null;

  @ApiProperty({ enum: ['active', 'inactive'] })
  status: string;

  @ApiProperty({ example: 'active' })
  subscription_status: string;

  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' })
  subscription_ends_at: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  description: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  seo_title: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  seo_description: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  slogan: string | null;

  @ApiProperty({ type: [String] })
  tags: string[];

  @ApiProperty()
  is_ai_enhanced: boolean;

  @ApiProperty()
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
