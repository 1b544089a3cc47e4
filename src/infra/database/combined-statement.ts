import type { EntityManager } from 'typeorm';

/**
 * One SQL statement made of data-modifying parts (`WITH name AS (INSERT/UPDATE ...)`) that several
 * owners contribute, sent as one round trip. For a transaction whose throughput is one over the
 * time it holds its locks, each statement saved inside that window counts; this lets the table
 * ownership rule stand (each module writes its own SQL for its own tables) while the writes share
 * a statement.
 *
 * Rules of a part, so that sharing a statement is safe: it reads nothing that another part of the
 * statement writes, except through that part's RETURNING (all parts see one snapshot, and the
 * order in which PostgreSQL runs them is not defined); and it takes no row lock that is not
 * already held or that comes before another part's in the global lock order.
 */
export class CombinedStatement {
  private readonly values: unknown[] = [];
  private readonly parts: string[] = [];

  /** The placeholder of a parameter, with its type (`$3::uuid`). */
  param(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }

  /** Adds `name AS (sql)`; later parts and the final SELECT may read its RETURNING by name. */
  with(name: string, sql: string): void {
    this.parts.push(`${name} AS (\n${sql}\n)`);
  }

  /** Runs the parts and `select` (which reads what they return) in one statement. */
  run<Row>(manager: EntityManager, select: string): Promise<Row[]> {
    return manager.query(`WITH ${this.parts.join(',\n')}\n${select}`, this.values);
  }
}
