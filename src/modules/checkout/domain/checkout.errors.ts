import { DomainError, fixedFieldError } from '@common/errors/domain.error';

/** 400 with the spec's `{ success: false, message }` shape (no active primary location). */
export class HoldRejectedError extends DomainError {
  constructor(message: string) {
    super('hold_rejected', message, 400, { success: false });
  }
}

export class UnknownHoldLocationError extends fixedFieldError('location_id', 'The selected location is invalid.') {}

export class CartSubtotalRequiredError extends fixedFieldError(
  'cart_subtotal',
  'The cart_subtotal field is required when the cart has not been synchronized.',
) {}

/** 429 `{ message }`: a new checkout session for a client that already has as many live ones as it may (decisions §15). */
export class TooManyCheckoutSessionsError extends DomainError {
  constructor() {
    super('checkout_sessions_exceeded', 'Too many checkouts from this connection are open in this shop. Complete one first.', 429);
  }
}
