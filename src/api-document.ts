import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { AppModule } from './app.module';
import { buildApiDocument } from '@common/http/openapi-document';
import { ExpressAppAdapter } from '@common/http/express-app.adapter';

/**
 * `npm run api:generate`: writes the API document to `openapi.json` at the repository root (or to
 * the path given), from the controllers alone: the app is built in preview mode, so no database,
 * Redis or network is touched. CI regenerates it and fails when it differs from the committed one.
 */
async function main(): Promise<void> {
  const target = resolve(process.cwd(), process.argv[2] ?? 'openapi.json');
  // The document depends on the code only: no .env file, placeholder settings nothing connects to.
  process.env = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATABASE_URL: 'postgres://preview@127.0.0.1:1/preview',
    APP_KEY: 'preview-only-key-never-used-for-anything',
  };
  const app = await NestFactory.create(AppModule.register({ role: 'api', logger: pino({ level: 'silent' }) }), new ExpressAppAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  writeFileSync(target, `${JSON.stringify(buildApiDocument(app), null, 2)}\n`);
  await app.close();
  process.stdout.write(`${target}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`api:generate failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
