/** The PostgreSQL error codes (SQLSTATE) the service reacts to. */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** An `ON DELETE RESTRICT` reference, from PostgreSQL 18 on (before it: foreignKeyViolation). */
  restrictViolation: '23001',
  checkViolation: '23514',
  undefinedDatabase: '3D000',
  duplicateDatabase: '42P04',
} as const;

/**
 * True when `error` is PostgreSQL refusing a statement with `code` (and, when given, because of the
 * named constraint or index): how a write that lost a race to a constraint becomes a 409 or 422
 * instead of a 500.
 */
export function isPgError(error: unknown, code: (typeof PG_ERROR)[keyof typeof PG_ERROR], constraint?: string): boolean {
  const failure = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return failure.code === code && (constraint === undefined || failure.constraint === constraint);
}
