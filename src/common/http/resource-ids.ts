const INTEGER_ID = /^[1-9]\d{0,9}$/;
/** The largest id an int4 column holds. */
export const MAX_INTEGER_ID = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A path id as the database can look it up, or null when it cannot name any row (`abc`, `1.5`,
 * `0`, beyond int4): such ids answer 404 like a missing row, never a 400 or a database error.
 */
export function integerId(raw: string): number | null {
  if (!INTEGER_ID.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_INTEGER_ID ? id : null;
}

export function uuidId(raw: string): string | null {
  return isUuid(raw) ? raw.toLowerCase() : null;
}

/** Any UUID PostgreSQL's uuid type accepts in its canonical form (not only v4). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
