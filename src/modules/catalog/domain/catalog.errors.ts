import { ConflictError, NotFoundError } from '@common/errors/domain.error';
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
  return isPgError(error, PG_ERROR.foreignKeyViolation) ? new ProductInUseError() : error;
}
