/** A row's `created_at` and `updated_at` as resources show them (ISO 8601, UTC). */
export function isoTimestamps(row: { created_at: Date; updated_at: Date }): { created_at: string; updated_at: string } {
  return { created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
