import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { CommandFactory } from 'nest-commander';
import { AppModule } from './app.module';
import { AddAiCreditsCommand } from '@app/cli/add-ai-credits.command';
import { DemoSeedCommand } from '@app/cli/demo-seed.command';
import { GrantSuperAdminCommand } from '@app/cli/grant-super-admin.command';
import { HealthCheckCommand } from '@app/cli/health-check.command';
import { NotifyExpiringSubscriptionsCommand } from '@app/cli/notify-expiring-subscriptions.command';
import { VapidGenerateCommand } from '@app/cli/vapid-generate.command';
import { usesEmbeddedDatabase } from '@config/env.validation';
import { loadEnv } from '@config/load-env';
import { resolveEnvironment } from '@config/resolve-environment';
import { runMigrations } from '@infra/database/run-migrations';
import { createRootLogger } from '@infra/logging/http-logger';
import { AccountsModule } from '@modules/accounts';
import { DemoModule } from '@modules/demo';
import { HealthModule } from '@modules/health';

const COMMANDS = [
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
const STANDALONE_COMMANDS: Record<string, new (...args: never[]) => unknown> = { 'vapid:generate': VapidGenerateCommand };

async function main(): Promise<void> {
  const standalone = STANDALONE_COMMANDS[process.argv[2]];
  if (standalone) {
    @Module({ providers: [standalone] })
    class StandaloneCliModule {}
    await CommandFactory.run(StandaloneCliModule, { logger: ['error', 'warn'] });
    return;
  }
  const loaded = loadEnv();
  const logger = createRootLogger(loaded.LOG_LEVEL === 'info' ? 'warn' : loaded.LOG_LEVEL);
  // Zero-setup mode: the commands use the embedded PostgreSQL of DATA_DIR, the running server's if
  // one runs, else one started (and migrated: a fresh data directory has no schema) for the command.
  const { env, release } = await resolveEnvironment(loaded, logger);
  if (usesEmbeddedDatabase(loaded) && env.MIGRATIONS_RUN) await runMigrations(env.DATABASE_URL);

  @Module({ imports: [AppModule.register({ role: 'cli', logger }), HealthModule, AccountsModule, DemoModule], providers: COMMANDS })
  class CliModule {}

  try {
    await CommandFactory.run(CliModule, {
      logger: ['error', 'warn'],
      errorHandler: (error) => {
        console.error(error.message);
        // process.exit still stops an embedded PostgreSQL started here (the library's exit hook).
        process.exit(1);
      },
    });
  } finally {
    await release();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
