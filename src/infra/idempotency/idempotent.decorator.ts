import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IDEMPOTENT_KEY, IdempotentOptions } from './idempotency.options';

const DEFAULT_HEADERS = ['Idempotency-Key', 'X-Idempotency-Key'];

/**
 * Opts a route into idempotent replay: the first completed response for a key is kept 24 h and
 * replayed for the same key and body (`Idempotent-Replayed: true`); a different body is 422; a
 * retry while the first is still running is 409. See docs/http-contract.md (Idempotency).
 */
export const Idempotent = (options: Partial<IdempotentOptions> = {}) => {
  const resolved: IdempotentOptions = {
    headers: options.headers ?? DEFAULT_HEADERS,
    bodyField: options.bodyField,
    sealed: options.sealed,
    durable: options.durable,
  };
  return applyDecorators(
    SetMetadata(IDEMPOTENT_KEY, resolved),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({ name: resolved.headers[0], required: false, description: 'Idempotency key (1-255 characters)' }),
    ApiResponse({ status: 409, description: 'A request with this idempotency key is still running' }),
  );
};
