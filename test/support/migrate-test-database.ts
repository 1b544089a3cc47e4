// Run by globalSetup in a child process: `node -r ts-node/register/transpile-only -r
// tsconfig-paths/register test/support/migrate-test-database.ts <url>`. Migrating in Jest's own
// process would load TypeORM there, and its global metadata storage would then reach every test
// file's context (jest-environment-node copies the parent's globals), keeping each file's modules
// alive for the whole run.
import { runMigrations } from '@infra/database/run-migrations';

const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: migrate-test-database.ts <database url>\n');
  process.exit(2);
}
runMigrations(url).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
