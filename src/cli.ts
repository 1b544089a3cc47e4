import 'reflect-metadata';
import { ConsoleLogger, LogLevel, Module, Type } from '@nestjs/common';
import { CommandFactory, CommandRunner } from 'nest-commander';
import pino from 'pino';
import { AppModule } from './app.module';
import { AddAiCreditsCommand } from '@app/cli/add-ai-credits.command';
import { DemoSeedCommand } from '@app/cli/demo-seed.command';
import { GrantSuperAdminCommand } from '@app/cli/grant-super-admin.command';
import { HealthCheckCommand } from '@app/cli/health-check.command';
import { NotifyExpiringSubscriptionsCommand } from '@app/cli/notify-expiring-subscriptions.command';
import { VapidGenerateCommand } from '@app/cli/vapid-generate.command';
import { usesEmbeddedDatabase } from '@config/env.parsers';
import { loadEnv } from '@config/load-env';
import { resolveEnvironment } from './bootstrap';
import { runMigrations } from '@infra/database/run-migrations';
import { createRootLogger } from '@infra/logging/http-logger';
import { AccountsModule } from '@modules/accounts';
import { DemoModule } from '@modules/demo';
import { HealthModule } from '@modules/health';

/**
 * A command's standard output is its result (the JSON of `demo:seed --json`, which scripts read);
 * its log lines, Nest's and the app's, go to standard error, whatever their level.
 */
class StderrLogger extends ConsoleLogger {
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _stream?: 'stdout' | 'stderr',
    errorStack?: unknown,
  ): void {
    super.printMessages(messages, context, logLevel, 'stderr', errorStack);
  }
}

const commandLogger = () => new StderrLogger({ logLevels: ['error', 'warn'] });

const COMMANDS: Array<Type<CommandRunner>> = [
  HealthCheckCommand,
  GrantSuperAdminCommand,
  DemoSeedCommand,
  AddAiCreditsCommand,
  NotifyExpiringSubscriptionsCommand,
  VapidGenerateCommand,
];

/**
 * Commands that need no database, Redis or valid configuration: generating VAPID keys is how an
 * operator fills the configuration in, so it must work before (and while) the rest is wrong.
 */
const STANDALONE_COMMANDS: ReadonlyArray<Type<CommandRunner>> = [VapidGenerateCommand];

/**
 * Commander's own exits (help shown, unknown command, missing argument): it has already written
 * what the user needs, so nothing is printed again; help exits 0, usage errors 1.
 */
function exitOnUsage(error: Error & { code?: string; exitCode?: number }): void {
  if (error.code?.startsWith('commander.')) process.exit(error.exitCode ?? 1);
  console.error(error.message);
  process.exit(1);
}

/**
 * The command line parsed with no database (decisions §19): every command that needs one is an
 * instance without dependencies whose `run` only records that it was chosen, so help, usage
 * errors and the standalone commands finish here, at once, whatever the configuration says.
 * Answers whether a command that needs the application was chosen.
 */
async function parseWithoutDatabase(): Promise<boolean> {
  let chosen = false;
  const providers = COMMANDS.map((command) =>
    STANDALONE_COMMANDS.includes(command)
      ? command
      : { provide: command, useFactory: () => Object.assign(Object.create(command.prototype) as object, { run: () => (chosen = true) }) },
  );
  @Module({ providers })
  class OfflineCliModule {}
  await CommandFactory.run(OfflineCliModule, { logger: commandLogger(), errorHandler: exitOnUsage });
  return chosen;
}

async function main(): Promise<void> {
  // No command at all: the help, on stdout, as for --help.
  if (process.argv.length === 2) process.argv.push('--help');
  if (!(await parseWithoutDatabase())) return;
  const loaded = loadEnv();
  const logger = createRootLogger(loaded.LOG_LEVEL === 'info' ? 'warn' : loaded.LOG_LEVEL, {
    destination: pino.destination({ fd: 2, sync: true }),
  });
  // Zero-setup mode: the commands use the embedded PostgreSQL of DATA_DIR, the running server's if
  // one runs, else one started (and migrated: a fresh data directory has no schema) for the command.
  const { env, release } = await resolveEnvironment(loaded, logger);
  if (usesEmbeddedDatabase(loaded) && env.MIGRATIONS_RUN) await runMigrations(env.DATABASE_URL);

  @Module({ imports: [AppModule.register({ role: 'cli', logger }), HealthModule, AccountsModule, DemoModule], providers: COMMANDS })
  class CliModule {}

  try {
    await CommandFactory.run(CliModule, {
      logger: commandLogger(),
      // process.exit still stops an embedded PostgreSQL started here (the library's exit hook).
      errorHandler: exitOnUsage,
    });
  } finally {
    await release();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
