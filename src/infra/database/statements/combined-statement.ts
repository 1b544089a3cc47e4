import type { EntityManager } from 'typeorm';
import { prepared } from './prepared-statements';
import { commitRightBehind } from '../transaction';

/** What `statement_refusal()` (migration StatementRefusals) fails a statement with. */
const REFUSED = 'SF422';

declare const PART: unique symbol;

/**
 * A typed reference to a part of a combined statement: the part's name as its owner gave it (so it
 * can be written into SQL, `FROM ${part}`), branded so that no plain string stands for it. A part
 * another module refers to (in `after`, or as the rows it reads) is handed over as one: returned by
 * `with`, or exported by its owner as a constant (`statementPart`), so a renamed part is a compile
 * error where it is used rather than a statement that fails at run time.
 */
export type StatementPart = string & { readonly [PART]: true };

/** The reference to a part named `name`, for the owner that adds it to export (see StatementPart). */
export function statementPart(name: string): StatementPart {
  return name as StatementPart;
}

/**
 * The closing select of a statement whose caller reads only its parts' outputs (the getters of
 * `output`) and its refusals, nothing of its own: `run(manager, OUTPUTS_ONLY)`. One row, as `run`
 * needs, holding only a constant that nobody reads. Its text is part of the prepared statement's
 * name, so it stays exactly `SELECT 1`.
 */
export const OUTPUTS_ONLY = 'SELECT 1';

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
 *
 * It is sent as a named prepared statement (prepared-statements.ts): parts must put every value in
 * a parameter (`param`), so that the texts of a code path are a small fixed set.
 *
 * README.md beside this file: when to use one, the `…In` naming of the methods that add parts, the
 * COMMIT sent right behind, and the benchmarks behind each.
 */
export class CombinedStatement {
  private readonly values: unknown[] = [];
  private readonly parts: string[] = [];
  private readonly outputs: Array<{ name: string; check: (rows: unknown[]) => void; checked: boolean }> = [];
  private readonly refusals: Array<{ name: string; refuse: (rows: unknown[]) => Error }> = [];

  /** The placeholder of a parameter, with its type (`$3::uuid`). */
  param(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }

  /** Adds `name AS (sql)`; later parts and the final SELECT may read its RETURNING by name (the reference returned). */
  with(name: string, sql: string): StatementPart {
    this.parts.push(`${name} AS (\n${sql}\n)`);
    return statementPart(name);
  }

  /**
   * Adds a part whose rows go back to its owner: once the statement has run, `check` gets them
   * (as JSON) and may throw, which rolls the caller's transaction back with everything the
   * statement wrote. Checks run in the order they were added.
   */
  output<Row>(name: string, sql: string, check?: (rows: Row[]) => void): () => Row[] {
    this.with(name, sql);
    let result: Row[] | undefined;
    this.outputs.push({
      name,
      checked: check !== undefined,
      check: (rows) => {
        result = rows as Row[];
        check?.(result);
      },
    });
    return () => {
      if (!result) throw new Error(`The statement giving ${name} has not run`);
      return result;
    };
  }

  /**
   * A condition that holds, and that PostgreSQL can only evaluate once the given parts have run
   * to the end: for a part that locks rows (`FOR UPDATE`) and must lock them after the rows those
   * parts lock, whatever order PostgreSQL would otherwise run the parts in (a row is locked once
   * it has passed its WHERE).
   */
  after(...parts: StatementPart[]): string {
    return parts.map((part) => `(SELECT count(*) FROM ${part}) >= 0`).join(' AND ');
  }

  /**
   * A part whose rows, if it returns any, fail the whole statement inside PostgreSQL: nothing it
   * wrote stands, its transaction is aborted, and `refuse(rows)` is what `run` throws. The check an
   * output would run in Node after the statement, run before the statement ends, so that a
   * transaction can send its COMMIT right behind it (`run`'s `commit`).
   */
  refusal<Row>(name: string, sql: string, refuse: (rows: Row[]) => Error): void {
    this.with(name, sql);
    this.refusals.push({ name, refuse: refuse as (rows: unknown[]) => Error });
  }

  /**
   * Runs the parts and `select` (one row that reads what they return; `OUTPUTS_ONLY` when the
   * caller reads only the outputs) in one statement, then the outputs' checks. With `commit`, the statement is its transaction's last: the COMMIT goes out
   * right behind it, without waiting for its answer (`commitRightBehind`), so locks are released a
   * turn of the event loop earlier; its parts may then refuse only through `refusal`, never a check.
   */
  async run<Row>(manager: EntityManager, select: string, options: { commit?: boolean } = {}): Promise<Row> {
    if (options.commit && this.outputs.some((output) => output.checked)) {
      throw new Error('A statement its COMMIT follows at once cannot have checks that run after it: use refusal()');
    }
    const outputs = this.outputs.map(({ name }) => `(SELECT COALESCE(json_agg(o), '[]') FROM ${name} o) AS "output:${name}"`);
    const refusals = this.refusals.map(
      ({ name }, index) => `(SELECT statement_refusal('${name}', json_agg(r)) FROM ${name} r HAVING count(*) > 0) AS "refusal:${index}"`,
    );
    if (options.commit) commitRightBehind(manager);
    let row: Row & Record<string, unknown[]>;
    try {
      [row] = await manager.query(
        prepared(
          `WITH ${this.parts.join(',\n')}\nSELECT main.*${[...outputs, ...refusals].map((column) => `, ${column}`).join('')} FROM (${select}) main`,
        ),
        this.values,
      );
    } catch (error) {
      throw this.refused(error) ?? error;
    }
    for (let index = 0; index < this.refusals.length; index++) delete row[`refusal:${index}`];
    for (const { name, check } of this.outputs) check(row[`output:${name}`]);
    for (const { name } of this.outputs) delete row[`output:${name}`];
    return row;
  }

  /** The refusal's own error, when `error` is one of this statement's refusals. */
  private refused(error: unknown): Error | null {
    const failure = error as { code?: unknown; detail?: unknown };
    if (failure?.code !== REFUSED || typeof failure.detail !== 'string') return null;
    const { refusal, rows } = JSON.parse(failure.detail) as { refusal: string; rows: unknown[] };
    return this.refusals.find(({ name }) => name === refusal)?.refuse(rows) ?? null;
  }
}
