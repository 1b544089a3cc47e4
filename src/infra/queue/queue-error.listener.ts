import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Queue } from 'bullmq';

/**
 * BullMQ queues and workers report Redis trouble (a dropped connection, a close while still
 * connecting) as `'error'` events; an EventEmitter with no listener for them kills the process. Every
 * queue and worker gets a listener that logs instead: the connection retries by itself, and callers
 * still see failed commands as rejected promises.
 */
@Injectable()
export class QueueErrorListener implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Queue');
  private readonly watched = new WeakSet<object>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.attach();
  }

  // Workers are created when the application bootstraps, after module init.
  onApplicationBootstrap(): void {
    this.attach();
  }

  private attach(): void {
    for (const { instance } of this.discovery.getProviders()) {
      if (instance instanceof Queue) this.watch(instance, `queue ${instance.name}`);
      if (instance instanceof WorkerHost) {
        const worker = (instance as unknown as { _worker?: { on: Queue['on']; name: string } })._worker;
        if (worker) this.watch(worker, `worker ${worker.name}`);
      }
    }
  }

  private watch(emitter: { on: (event: 'error', listener: (error: Error) => void) => unknown }, what: string): void {
    if (this.watched.has(emitter)) return;
    this.watched.add(emitter);
    emitter.on('error', (error: Error) => this.logger.warn({ err: error }, `Redis error on ${what}`));
  }
}
