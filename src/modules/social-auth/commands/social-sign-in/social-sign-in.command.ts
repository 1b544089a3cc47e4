import type { SocialSignInDto } from '@modules/social-auth/dto/social-sign-in.dto';

export class SocialSignInCommand {
  constructor(
    readonly input: SocialSignInDto,
    /** X-Tenant-ID, when the storefront sends one: must be a tenant the user belongs to. */
    readonly tenantContext: string | null,
  ) {}
}

export interface SocialSignInResult {
  user: { id: string; name: string; email: string; tenant_id: string | null; avatar_url: string | null };
  token: string;
  redirect_to: '/dashboard' | '/onboarding';
  created: boolean;
}
