import { DomainError } from '@common/errors/domain.error';

export class TenantNotPublicError extends DomainError {
  constructor() {
    super('tenant_not_public', 'This shop is not available.', 404, { success: false });
  }
}
