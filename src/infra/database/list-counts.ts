/** Anything that runs a statement: the DataSource, an EntityManager, a query runner. */
interface Queryable {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

/**
 * The lists kept counted in `list_counts` by triggers in the transactions that change their rows
 * (migration ListCounts1763701200000): scope is the tenant, or the user for notifications.
 */
export type CountedList = 'orders' | 'notifications' | 'products' | 'locations' | 'coupons';

/** $1 scope, $2 list, $3 subset. (Exported for the benchmark, which shows its plan.) */
export const LIST_TOTAL = 'SELECT COALESCE(sum(n), 0)::bigint AS n FROM list_counts WHERE scope_id = $1 AND list = $2 AND subset = $3';

/**
 * How many rows a list has (`subset`: '' for all of them, else an order status or 'unread'): the
 * sum of a few counter slots, whatever the list's size.
 */
export async function listTotal(db: Queryable, list: CountedList, scopeId: string, subset = ''): Promise<number> {
  const rows = await db.query<Array<{ n: string }>>(LIST_TOTAL, [scopeId, list, subset]);
  return Number(rows[0].n);
}

/** A timestamp column as a keyset cursor holds it: microseconds since the epoch, as text. */
export function epochMicros(column: string): string {
  return `(extract(epoch FROM ${column}) * 1000000)::bigint::text`;
}

/** The timestamp a cursor's microseconds (a bound parameter such as `$2`) stand for, exactly. */
export function timestampOfMicros(parameter: string): string {
  return `(timestamptz 'epoch' + ${parameter}::bigint * interval '1 microsecond')`;
}
