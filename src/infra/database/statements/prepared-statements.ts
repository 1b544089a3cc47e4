import { Logger } from '@nestjs/common';

/**
 * At most this many distinct texts are prepared. Each is parsed and planned once per pooled
 * connection and kept there (a few kB of server memory per connection); a text past the bound runs
 * unnamed, as every other statement does.
 */
const MAX_PREPARED = 100;

const names = new Map<string, string>();
let overflowReported = false;

/**
 * Marks `text` as a statement to send as a named prepared statement, and returns it. node-postgres
 * sends a statement with parameters unnamed by default, so PostgreSQL parses and plans it again at
 * every call; a named one is parsed once per pooled connection, and its plan is kept there
 * (PostgreSQL replans it when the tables it reads change). The pooled client (typeorm-options.ts)
 * sends a marked text by its name. For the payment webhook's one statement, parsing and planning
 * cost PostgreSQL as much as running it (docs/benchmarks.md, payment-webhook).
 *
 * Only for texts drawn from a bounded set, with every value a parameter (never in the text): the
 * combined statements of the write paths, constant queries.
 */
export function prepared(text: string): string {
  if (!names.has(text)) {
    if (names.size < MAX_PREPARED) {
      names.set(text, `sf_${names.size + 1}`);
    } else if (!overflowReported) {
      overflowReported = true;
      new Logger('PreparedStatements').warn(
        `More than ${MAX_PREPARED} distinct statements marked as prepared: later ones run unnamed (a statement text with values in it?)`,
      );
    }
  }
  return text;
}

/** The name `text` is prepared under, if it was marked by `prepared()`. */
export function preparedNameOf(text: string): string | undefined {
  return names.get(text);
}
