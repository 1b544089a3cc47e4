import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { KeyValueStore } from '@infra/store/key-value-store';
import { withTimeout } from './checks/with-timeout';

/** Readiness of the store in use: `redis` in Redis mode (as before), `store` in PostgreSQL mode. */
@Injectable()
export class StoreHealthIndicator {
  constructor(
    private readonly store: KeyValueStore,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async pingCheck(timeoutMs = 1_000) {
    const indicator = this.indicators.check(this.store.mode === 'redis' ? 'redis' : 'store');
    try {
      await withTimeout(this.store.ping(), timeoutMs, 'store ping');
      return this.store.mode === 'redis' ? indicator.up() : indicator.up({ backend: this.store.mode });
    } catch {
      return indicator.down({ message: this.store.mode === 'redis' ? 'Redis did not answer' : 'The PostgreSQL store did not answer' });
    }
  }
}
