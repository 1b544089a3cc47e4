import { ConflictError, DomainError, NotFoundError } from '@common/errors/domain.error';
import { isPgError, PG_ERROR } from '@infra/database/pg-errors';

const ONE_ACTIVE_PRIMARY = 'locations_one_active_primary';

export const PRODUCT_NOT_FOUND = 'Product not found.';
export const LOCATION_NOT_FOUND = 'Location not found.';

export class ProductNotFoundError extends NotFoundError {
  constructor() {
    super(PRODUCT_NOT_FOUND);
  }
}

export class LocationNotFoundError extends NotFoundError {
  constructor() {
    super(LOCATION_NOT_FOUND);
  }
}

/**
 * Too little stock to hold. The message names the product but never how many units are left: the
 * answer must not let a client measure a shop's stock (decisions §6).
 */
export class InsufficientStockToHoldError extends ConflictError {
  constructor(productId: number, productName: string) {
    super(`Not enough ${productName} is available to hold this quantity.`, 'insufficient_stock', { success: false, product_id: productId });
  }
}

/** 429 `{ message }`: a hold beyond the bounds one client may hold (decisions §6). */
export class HoldLimitExceededError extends DomainError {
  constructor(message: string) {
    super('hold_limit_exceeded', message, 429);
  }
}

/** Order items keep pointing at their product (ON DELETE RESTRICT), so the merchant deactivates it instead. */
class ProductInUseError extends ConflictError {
  constructor() {
    super('This product appears in orders and cannot be deleted. Deactivate it instead (PATCH is_active: false).', 'product_in_use');
  }
}

class PrimaryLocationTakenError extends ConflictError {
  constructor() {
    super('Another location is already the active primary location of this shop.', 'primary_location_taken');
  }
}

/**
 * A write that would leave two active primaries (reactivating a primary location while another
 * one is primary, or a writer that does not take the lock) is refused by the partial unique index.
 */
export function asPrimaryLocationTaken(error: unknown): unknown {
  return isPgError(error, PG_ERROR.uniqueViolation, ONE_ACTIVE_PRIMARY) ? new PrimaryLocationTakenError() : error;
}

export function asProductInUse(error: unknown): unknown {
  // order_items refers to products ON DELETE RESTRICT: PostgreSQL 18 (the embedded server) reports
  // that as a restrict violation, earlier versions as a foreign key violation.
  const inUse = isPgError(error, PG_ERROR.foreignKeyViolation) || isPgError(error, PG_ERROR.restrictViolation);
  return inUse ? new ProductInUseError() : error;
}
