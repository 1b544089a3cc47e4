import { Injectable } from '@nestjs/common';

/**
 * Where the process stands in a graceful shutdown (decisions §13). `draining`: readiness answers
 * 503 so load balancers stop sending, while requests are still served. `closing`: the listener is
 * closed and every response tells the client to close its keep-alive connection.
 */
@Injectable()
export class ShutdownState {
  private phase: 'serving' | 'draining' | 'closing' = 'serving';

  get draining(): boolean {
    return this.phase !== 'serving';
  }

  get closing(): boolean {
    return this.phase === 'closing';
  }

  beginDraining(): void {
    if (this.phase === 'serving') this.phase = 'draining';
  }

  beginClosing(): void {
    this.phase = 'closing';
  }
}
