const UNIQUE_VIOLATION = '23505';

/** True when `error` is PostgreSQL refusing a row because of the unique constraint or index `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const { code, constraint: violated } = (error ?? {}) as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && violated === constraint;
}
