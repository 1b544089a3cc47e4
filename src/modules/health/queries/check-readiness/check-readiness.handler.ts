import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ShutdownState } from '@infra/lifecycle/shutdown-state';
import { QueueHealthIndicator } from '@modules/health/queue.health-indicator';
import { StoreHealthIndicator } from '@modules/health/store.health-indicator';
import { CheckReadinessQuery, Readiness } from './check-readiness.query';

/** PostgreSQL (within 1 s), the store and every queue connection, unless the process is draining. */
@QueryHandler(CheckReadinessQuery)
export class CheckReadinessHandler implements IQueryHandler<CheckReadinessQuery, Readiness> {
  constructor(
    private readonly terminus: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly store: StoreHealthIndicator,
    private readonly queues: QueueHealthIndicator,
    private readonly shutdown: ShutdownState,
  ) {}

  async execute(): Promise<Readiness> {
    if (this.shutdown.draining) return { ready: false, body: { status: 'shutting_down' } };
    try {
      return {
        ready: true,
        body: await this.terminus.check([
          () => this.database.pingCheck('database', { timeout: 1_000 }),
          () => this.store.pingCheck(),
          () => this.queues.pingCheck('queues'),
        ]),
      };
    } catch (error) {
      return { ready: false, body: (error as { getResponse?: () => unknown }).getResponse?.() ?? { status: 'error' } };
    }
  }
}
