import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { ContextModule } from '@common/context/context.module';
import { RequestContextGuard } from '@common/context/request-context.guard';
import { GlobalExceptionFilter } from '@common/errors/global-exception.filter';
import { UnavailableAnswers } from '@common/errors/unavailable-answers';
import { Env } from '@config/env.schema';
import { validateResolvedEnv } from '@config/validate-env';
import { CatalogChangesModule } from '@infra/catalog-changes/catalog-changes.module';
import { DatabaseConnectionWatch } from '@infra/database/database-connection.watch';
import { typeormOptions } from '@infra/database/typeorm-options';
import { LifecycleModule } from '@infra/lifecycle/lifecycle.module';
import { UnavailableAnswersLog } from '@infra/logging/unavailable-answers-log';
import { MessagingModule, MessagingWorkerModule } from '@infra/messaging/messaging.module';
import { MetricsModule } from '@infra/metrics/metrics.module';
import { OutboxModule, OutboxWorkerModule } from '@infra/outbox/outbox.module';
import { QueueModule } from '@infra/queue/queue.module';
import { RateLimitGuard } from '@infra/rate-limit/rate-limit.guard';
import { RateLimitModule } from '@infra/rate-limit/rate-limit.module';
import { RealtimeModule } from '@infra/realtime/realtime.module';
import { RedisModule } from '@infra/redis/redis.module';
import { SecurityLogModule } from '@infra/security-log/security-log.module';
import { StoreModule } from '@infra/store/store.module';
import { AccountsModule } from '@modules/accounts';
import { AiModule, AiWorkerModule } from '@modules/ai';
import { AdminModule } from '@modules/admin';
import { AnalyticsModule, AnalyticsWorkerModule } from '@modules/analytics';
import { CheckoutModule } from '@modules/checkout';
import { CatalogModule } from '@modules/catalog';
import { CouponsModule } from '@modules/coupons';
import { DashboardModule } from '@modules/dashboard';
import { OrdersModule } from '@modules/orders';
import { NotificationsGatewayModule, NotificationsModule, NotificationsWorkerModule } from '@modules/notifications';
import { ExportsModule, ExportsWorkerModule } from '@modules/exports';
import { OtpModule } from '@modules/otp';
import { PaymentsModule } from '@modules/payments';
import { ReportingModule, ReportingWorkerModule } from '@modules/reporting';
import { ShopPagesModule } from '@modules/shop-pages';
import { SocialAuthModule } from '@modules/social-auth';
import { StorefrontModule } from '@modules/storefront';
import { UploadsModule } from '@modules/uploads';
import { HealthModule, HealthWorkerModule } from '@modules/health';

/** What a process runs. `cli` is the command line: the container without listeners or workers. */
export type ProcessRole = 'all' | 'api' | 'worker' | 'cli';

export interface AppModuleOptions {
  role: ProcessRole;
  logger: Logger;
  /** Extra modules, for tests that mount probe routes or handlers. */
  extraImports?: ModuleMetadata['imports'];
}

/** Feature modules: controllers, services and the queues they produce to. */
const FEATURE_MODULES = [
  HealthModule,
  AccountsModule,
  OtpModule,
  SocialAuthModule,
  CatalogModule,
  CouponsModule,
  CheckoutModule,
  StorefrontModule,
  OrdersModule,
  PaymentsModule,
  AnalyticsModule,
  NotificationsModule,
  AiModule,
  ReportingModule,
  AdminModule,
  ExportsModule,
  ShopPagesModule,
  DashboardModule,
  UploadsModule,
];
/** Processors, relays and schedules: loaded only where workers run. */
const WORKER_MODULES = [
  OutboxWorkerModule,
  MessagingWorkerModule,
  HealthWorkerModule,
  AnalyticsWorkerModule,
  NotificationsWorkerModule,
  AiWorkerModule,
  ReportingWorkerModule,
  ExportsWorkerModule,
];
/** Socket.IO gateways, attached to the HTTP server: loaded only where HTTP is served. */
const HTTP_MODULES = [NotificationsGatewayModule];

@Module({})
export class AppModule {
  static register(options: AppModuleOptions): DynamicModule {
    const runsWorkers = options.role === 'all' || options.role === 'worker';
    const servesHttp = options.role === 'all' || options.role === 'api';
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          cache: true,
          validate: validateResolvedEnv,
          ignoreEnvFile: process.env.NODE_ENV === 'test',
        }),
        // No route middleware of its own: the request logging binds pino-http's child logger itself
        // (infra/logging/http-logger), only for requests that have one.
        LoggerModule.forRoot({ pinoHttp: { logger: options.logger }, useExisting: true, forRoutes: [] }),
        TypeOrmModule.forRootAsync({
          inject: [ConfigService],
          useFactory: (config: ConfigService<Env, true>) => ({
            ...typeormOptions(config.get('DATABASE_URL', { infer: true }), config.get('DATABASE_POOL_SIZE', { infer: true }), {
              connectTimeoutMs: config.get('DATABASE_CONNECT_TIMEOUT_MS', { infer: true }),
              queryTimeoutMs: config.get('DATABASE_QUERY_TIMEOUT_MS', { infer: true }),
              statementTimeoutMs: config.get('DATABASE_STATEMENT_TIMEOUT_MS', { infer: true }),
              transactionStatementTimeoutMs: config.get('DATABASE_TRANSACTION_STATEMENT_TIMEOUT_MS', { infer: true }),
              poolWaitMs: config.get('DATABASE_POOL_WAIT_MS', { infer: true }),
              unresponsiveCheckMs: config.get('DATABASE_UNRESPONSIVE_CHECK_MS', { infer: true }),
            }),
            autoLoadEntities: true,
          }),
        }),
        LifecycleModule,
        RedisModule,
        RealtimeModule,
        CatalogChangesModule.register(servesHttp),
        StoreModule,
        QueueModule,
        CqrsModule.forRoot(),
        RateLimitModule,
        OutboxModule,
        MessagingModule,
        MetricsModule,
        SecurityLogModule,
        ContextModule,
        ...FEATURE_MODULES,
        ...(runsWorkers ? WORKER_MODULES : []),
        ...(servesHttp ? HTTP_MODULES : []),
        ...(options.extraImports ?? []),
      ],
      providers: [
        DatabaseConnectionWatch,
        UnavailableAnswersLog,
        { provide: UnavailableAnswers, useExisting: UnavailableAnswersLog },
        { provide: APP_FILTER, useClass: GlobalExceptionFilter },
        // Guards run in this order: the request context (caller, storefront shop) before rate
        // limiting, so that limits keyed by user see the user.
        { provide: APP_GUARD, useExisting: RequestContextGuard },
        { provide: APP_GUARD, useExisting: RateLimitGuard },
      ],
    };
  }
}
