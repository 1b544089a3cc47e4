import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ConflictError } from '@common/errors/domain.error';

/**
 * The idempotency key of a request, as the idempotency interceptor read it, for a handler that
 * keeps the key durably with its own work (order placement, decisions §15): the key, the field
 * that carried it (for a 422 on it), and the fingerprint of what was sent with it (the body and
 * query without the key, and the signed-in user).
 */
export interface IdempotentRequest {
  key: string;
  field: string;
  fingerprint: string;
  /**
   * Another request with this key and fingerprint holds the store's claim (a `durable` route): the
   * handler answers only from what it kept durably for the key, else with `IdempotencyInFlightError`
   * (409); it must not do the work.
   */
  claimedElsewhere: boolean;
}

const bound = new WeakMap<Request, IdempotentRequest>();

export function bindIdempotentRequest(req: Request, value: IdempotentRequest): void {
  bound.set(req, value);
}

/** 409: a request with the key is still running (its claim lives, and nothing durable says it finished). */
export class IdempotencyInFlightError extends ConflictError {
  constructor() {
    super('A request with this idempotency key is still being processed.', 'idempotency_in_flight');
  }
}

/** The message of a key sent again with another request: it says nothing of what the key was first used for. */
export const IDEMPOTENCY_KEY_MISMATCH = 'This idempotency key cannot be used with this request.';

/** `@IdempotencyOf() idempotency: IdempotentRequest | null`: the route's key, or null when the request sent none. */
export const IdempotencyOf = createParamDecorator(
  (_data: unknown, context: ExecutionContext): IdempotentRequest | null => bound.get(context.switchToHttp().getRequest<Request>()) ?? null,
);
