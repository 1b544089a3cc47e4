import { ConflictError, DomainError, fixedFieldError, NotFoundError } from '@common/errors/domain.error';

export const PRODUCT_NOT_FOUND = 'Product not found.';
export const LOCATION_NOT_FOUND = 'Location not found.';
export const CATEGORY_NOT_FOUND = 'Category not found.';

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

export class CategoryNotFoundError extends NotFoundError {
  constructor() {
    super(CATEGORY_NOT_FOUND);
  }
}

/** Another category of the shop has this name, case aside. */
export class CategoryNameTakenError extends fixedFieldError('name', 'The name has already been taken.') {}

/** A product may only name a category of its own shop. */
export class ProductCategoryInvalidError extends fixedFieldError('category_id', 'The selected category_id is invalid.') {}

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
export class ProductInUseError extends ConflictError {
  constructor() {
    super('This product appears in orders and cannot be deleted. Deactivate it instead (PATCH is_active: false).', 'product_in_use');
  }
}

export class PrimaryLocationTakenError extends ConflictError {
  constructor() {
    super('Another location is already the active primary location of this shop.', 'primary_location_taken');
  }
}
