import type { StaffRole } from '@modules/accounts/domain/user-role';

export interface RegisterUserInput {
  name: string;
  email: string;
  password: string;
  /** HTTP `tenant_name`: a new shop owned by the new user (role `owner`). */
  newTenantName?: string | null;
  /** gRPC: join this existing tenant with this role. */
  joinTenant?: { tenantId: string; role: StaffRole } | null;
  /** Issue a bearer token of this name in the same transaction. */
  tokenName?: string | null;
  via: 'http' | 'grpc' | 'cli';
}

/** One registration use case for both transports (HTTP /register and gRPC RegisterUser). */
export class RegisterUserCommand {
  constructor(readonly input: RegisterUserInput) {}
}

export interface RegisterUserResult {
  user: { id: string; name: string; email: string; tenantId: string | null; role: string };
  /** Present when a tenant was created for the user. */
  createdTenantId: string | null;
  /** Present when `tokenName` was given. */
  accessToken: string | null;
}
