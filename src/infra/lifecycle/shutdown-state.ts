import { Injectable } from '@nestjs/common';

/**
 * Where the process stands in a graceful shutdown (decisions §13). `draining`: readiness answers
 * 503 so load balancers stop sending, while requests are still served. `closing`: the listener is
 * closed and every response tells the client to close its keep-alive connection.
 */
@Injectable()
export class ShutdownState {
  private phase: 'serving' | 'draining' | 'closing' = 'serving';
  private readonly closingListeners: Array<() => void> = [];

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
    if (this.phase === 'closing') return;
    this.phase = 'closing';
    for (const listener of this.closingListeners.splice(0)) listener();
  }

  /**
   * `listener` runs once, when closing begins: connections that never go idle on their own (a
   * Socket.IO client) are closed then, or closing the listener would wait for them forever.
   */
  onClosing(listener: () => void): void {
    if (this.phase === 'closing') listener();
    else this.closingListeners.push(listener);
  }
}
