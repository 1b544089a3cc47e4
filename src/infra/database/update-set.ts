/**
 * `SET a = $3, b = $4` for a partial update, numbering parameters after those the caller already
 * uses. Only the given columns are written; callers pass a fixed list of column names, never
 * client input, as keys.
 */
export function updateSet(changes: Record<string, unknown>, firstParameter: number): { assignments: string; parameters: unknown[] } {
  const columns = Object.keys(changes).filter((column) => changes[column] !== undefined);
  return {
    assignments: [...columns.map((column, index) => `${column} = $${firstParameter + index}`), 'updated_at = now()'].join(', '),
    parameters: columns.map((column) => changes[column]),
  };
}
