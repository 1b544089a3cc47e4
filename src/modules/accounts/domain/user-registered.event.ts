import { DomainEvent } from '@common/events/domain-event';
import type { UserRole } from './user-role';

export interface UserRegisteredPayload {
  user_id: string;
  tenant_id: string | null;
  role: UserRole;
  via: 'http' | 'grpc' | 'cli';
  created_tenant: boolean;
}

/** A new account exists. Recorded in the registration's transaction (HTTP and gRPC alike). */
export class UserRegistered extends DomainEvent<UserRegisteredPayload> {
  static readonly type = 'UserRegistered';
}
