'use strict';
/**
 * Ceiling "what a user would write": a Nest 11 + Express app as the NestJS documentation builds one
 * (`NestFactory.create`, its default body parser and Express settings, a global `ValidationPipe`
 * with whitelist, forbidNonWhitelisted and transform), whose one route,
 * `POST /api/v1/analytics/track`, validates the event body with class-validator (the fields and
 * limits of the service's TrackEventDto), does one BullMQ `Queue.add` per request through
 * `@nestjs/bullmq` (`@InjectQueue`), and answers 202 `{"success":true,"message":"Event accepted."}`
 * once Redis has acknowledged the job. The job is the one bench/servers/queue-add.js adds (the
 * analytics intake's job options, a fresh job id): the two ceilings differ only by the Nest route
 * and its validation. No rate limit, no shop or product check, no batching.
 *
 * Bench-only: not part of the service's API; started by the harness (bench/scenarios/_intake-ceilings.js).
 *
 * argv[2]: JSON { redisUrl, prefix, queue }. Reports { port } over IPC.
 */
require('reflect-metadata');
const { randomUUID } = require('node:crypto');
const { Body, Controller, HttpCode, Inject, Module, Post, ValidationPipe } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { BullModule, getQueueToken } = require('@nestjs/bullmq');
const { IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min } = require('class-validator');

const { redisUrl, prefix, queue: queueName } = JSON.parse(process.argv[2]);

const TRACK_TYPES = ['whatsapp_click', 'call', 'location_view', 'cart_add', 'social_share', 'conversion', 'purchase'];
// As AnalyticsIntakeService (and bench/servers/queue-add.js) add their jobs.
const JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
};

// Decorators applied by hand: this file is plain JavaScript (what TypeScript would emit for the
// DTO, the controller and its constructor and parameter types).
class TrackEventBody {}
const field = (name, ...decorators) => decorators.forEach((decorator) => decorator(TrackEventBody.prototype, name));
field('tenant_id', IsString(), IsNotEmpty(), MaxLength(255));
field('type', IsIn(TRACK_TYPES));
field('product_id', IsOptional(), IsInt(), Min(1), Max(2_147_483_647));
field('metadata', IsOptional(), IsObject());

class TrackController {
  constructor(queue) {
    this.queue = queue;
  }

  async track(body) {
    const eventId = randomUUID();
    await this.queue.add(
      'track',
      { kind: 'track', eventId, data: body, occurredAt: new Date().toISOString() },
      { ...JOB_OPTIONS, jobId: eventId },
    );
    return { success: true, message: 'Event accepted.' };
  }
}
Inject(getQueueToken(queueName))(TrackController, undefined, 0);
const descriptor = Object.getOwnPropertyDescriptor(TrackController.prototype, 'track');
Reflect.defineMetadata('design:paramtypes', [TrackEventBody], TrackController.prototype, 'track');
Body()(TrackController.prototype, 'track', 0);
Post('track')(TrackController.prototype, 'track', descriptor);
HttpCode(202)(TrackController.prototype, 'track', descriptor);
Controller('api/v1/analytics')(TrackController);

const redis = new URL(redisUrl);
class TrackModule {}
Module({
  imports: [
    BullModule.forRoot({
      connection: { host: redis.hostname, port: Number(redis.port || 6379), db: Number(redis.pathname.slice(1) || 0) },
      prefix,
    }),
    BullModule.registerQueue({ name: queueName }),
  ],
  controllers: [TrackController],
})(TrackModule);

async function main() {
  const app = await NestFactory.create(TrackModule, { logger: ['error', 'warn'] });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  await app.listen(0, '127.0.0.1');
  process.send({ port: app.getHttpServer().address().port });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
