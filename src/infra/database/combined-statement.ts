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
  private readonly outputs: Array<{ name: string; check: (rows: unknown[]) => void }> = [];

  /** The placeholder of a parameter, with its type (`$3::uuid`). */
  param(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }

  /** Adds `name AS (sql)`; later parts and the final SELECT may read its RETURNING by name. */
  with(name: string, sql: string): void {
    this.parts.push(`${name} AS (\n${sql}\n)`);
  }

  /**
   * Adds a part whose rows go back to its owner: once the statement has run, `check` gets them
   * (as JSON) and may throw, which rolls the caller's transaction back with everything the
   * statement wrote. Checks run in the order they were added.
   */
  output<Row>(name: string, sql: string, check: (rows: Row[]) => void = () => undefined): () => Row[] {
    this.with(name, sql);
    let result: Row[] | undefined;
    this.outputs.push({
      name,
      check: (rows) => {
        result = rows as Row[];
        check(result);
      },
    });
    return () => {
      if (!result) throw new Error(`The statement giving ${name} has not run`);
      return result;
    };
  }

  /**
   * A condition that holds, and that PostgreSQL can only evaluate once the named parts have run
   * to the end: for a part that locks rows (`FOR UPDATE`) and must lock them after the rows those
   * parts lock, whatever order PostgreSQL would otherwise run the parts in (a row is locked once
   * it has passed its WHERE).
   */
  after(...names: string[]): string {
    return names.map((name) => `(SELECT count(*) FROM ${name}) >= 0`).join(' AND ');
  }

  /** Runs the parts and `select` (one row that reads what they return) in one statement, then the outputs' checks. */
  async run<Row>(manager: EntityManager, select: string): Promise<Row> {
    const outputs = this.outputs.map(({ name }) => `(SELECT COALESCE(json_agg(o), '[]') FROM ${name} o) AS "output:${name}"`);
    const [row]: Array<Row & Record<string, unknown[]>> = await manager.query(
      `WITH ${this.parts.join(',\n')}\nSELECT main.*${outputs.map((output) => `, ${output}`).join('')} FROM (${select}) main`,
      this.values,
    );
    for (const { name, check } of this.outputs) check(row[`output:${name}`]);
    for (const { name } of this.outputs) delete row[`output:${name}`];
    return row;
  }
}
