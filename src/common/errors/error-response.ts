import { HttpException, HttpStatus } from '@nestjs/common';
import {
  DEPENDENCY_RETRY_AFTER_SECONDS,
  DEPENDENCY_UNAVAILABLE_MESSAGE,
  isStatementCancelled,
  unavailableDependency,
} from './dependency-unavailable';
import { DomainError } from './domain.error';

export interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
  /** True when the cause is a bug rather than the client's input or a dependency's outage. */
  unexpected: boolean;
  /** Response headers that belong to the answer (`Retry-After`). */
  headers?: Record<string, string>;
  /** Not a bug, but worth an operator's warning line (a statement cut by its timeout). */
  warning?: string;
  /** The dependency (`postgres`, `redis`) whose outage the 503 answers: counted, not logged one by one. */
  unavailable?: string;
}

/**
 * The single mapping from a thrown value to what the client sees. The global filter uses it, and
 * so does the idempotency interceptor, so that a replayed error is byte-identical to the original.
 */
export function toErrorResponse(exception: unknown): ErrorResponse {
  // PostgreSQL or Redis unreachable: the request may succeed later, so say when to come back.
  const unavailable = unavailableDependency(exception);
  if (unavailable) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { message: DEPENDENCY_UNAVAILABLE_MESSAGE },
      unexpected: false,
      headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
      unavailable,
    };
  }
  // A statement PostgreSQL cut at DATABASE_STATEMENT_TIMEOUT_MS (or cancelled for a client that left).
  if (isStatementCancelled(exception)) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { message: DEPENDENCY_UNAVAILABLE_MESSAGE },
      unexpected: false,
      headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
      warning: 'Statement cancelled',
    };
  }
  if (exception instanceof DomainError) {
    return { status: exception.status, body: { message: exception.message, ...exception.body }, unexpected: false };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return { status, body: httpExceptionBody(exception, status), unexpected: status >= 500 };
  }
  // body-parser and other Express middleware signal client errors with `status`/`type`.
  const expressError = exception as { status?: number; statusCode?: number; type?: string };
  const status = expressError?.status ?? expressError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && typeof expressError.type === 'string') {
    return { status, body: { message: middlewareMessage(expressError.type, status) }, unexpected: false };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: 'Server Error' }, unexpected: true };
}

function httpExceptionBody(exception: HttpException, status: number): Record<string, unknown> {
  if (status >= 500) return { message: 'Server Error' };
  const response = exception.getResponse();
  if (typeof response === 'string') return { message: response };
  const { message, statusCode: _statusCode, error: _error, ...rest } = response as Record<string, unknown>;
  const text = Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : defaultMessage(status);
  return { message: text, ...rest };
}

function middlewareMessage(type: string, status: number): string {
  switch (type) {
    case 'entity.parse.failed':
      return 'Malformed JSON in request body.';
    case 'entity.too.large':
      return 'Request body is too large (limit 1 MiB).';
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return 'Unsupported request body encoding.';
    default:
      return defaultMessage(status);
  }
}

function defaultMessage(status: number): string {
  switch (status) {
    case 401:
      return 'Unauthenticated.';
    case 403:
      return 'This action is unauthorized.';
    case 404:
      return 'Not found.';
    case 429:
      return 'Too Many Attempts.';
    default:
      return 'The request could not be processed.';
  }
}
