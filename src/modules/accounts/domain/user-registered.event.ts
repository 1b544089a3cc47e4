import { DomainEvent } from '@infra/outbox/domain-event';
import type { UserRole } from './user-role';

/** A new account exists. Recorded in the registration's transaction (HTTP and gRPC alike). */
export class UserRegistered extends DomainEvent {
  readonly type = 'UserRegistered';

  constructor(
    readonly userId: string,
    tenantId: string | null,
    readonly role: UserRole,
    readonly via: 'http' | 'grpc' | 'cli',
    readonly createdTenant: boolean,
  ) {
    super(tenantId);
  }

  toPayload() {
    return { user_id: this.userId, tenant_id: this.tenantId, role: this.role, via: this.via, created_tenant: this.createdTenant };
  }
}
