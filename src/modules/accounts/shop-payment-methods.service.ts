import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '@common/errors/domain.error';
import type { CombinedStatement } from '@infra/database/statements';
import { TenantsRepository } from './persistence/tenants.repository';

/**
 * Whether a shop accepts the payment method an order names (docs/commerce.md, "Payment methods"),
 * decided inside the caller's statement so that placing an order reads it with everything else.
 */
@Injectable()
export class ShopPaymentMethods {
  constructor(private readonly tenants: TenantsRepository) {}

  /**
   * Adds a read of the shop's accepted methods to `statement`; once it has run, an order naming a
   * method the shop does not accept is refused with a 422 on `field`. `pending` (nothing chosen
   * yet) and no method at all are always allowed.
   */
  requireAcceptedIn(statement: CombinedStatement, tenantId: string, method: string | undefined, field = 'payment_method'): void {
    if (method === undefined || method === 'pending') return;
    this.tenants.paymentMethodsIn(statement, tenantId, (rows) => {
      const accepted = rows[0]?.payment_methods ?? [];
      if (!accepted.includes(method)) {
        throw ValidationFailedError.field(
          field,
          `This shop does not accept the payment method ${method}; it accepts: ${accepted.join(', ')}.`,
        );
      }
    });
  }
}
