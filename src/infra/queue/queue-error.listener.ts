import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Queue, Worker } from 'bullmq';
import { isDependencyUnavailable } from '@common/errors/dependency-unavailable';
import { ConnectionWatch } from '@infra/logging/connection-watch';
import { queueDependency } from './queue-backend';

interface QueueBacked {
  name: string;
  backend: Queue['backend'];
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * BullMQ queues and workers report Redis trouble (a dropped connection, a close while still
 * connecting) as `'error'` events; an EventEmitter with no listener for them kills the process. Every
 * queue and worker gets a listener: a lost connection is one JSON line per outage and one when it
 * is back (the connection retries by itself, and callers still see failed commands as rejected
 * promises); any other error is logged as it comes.
 */
@Injectable()
export class QueueErrorListener implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Queue');
  private readonly watched = new WeakSet<object>();
  // Two modules registering the same queue get two instances of it: one outage, one log line.
  private readonly connections = new Map<string, ConnectionWatch>();

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
        const worker = (instance as unknown as { _worker?: Worker })._worker;
        if (worker) this.watch(worker, `worker ${worker.name}`);
      }
    }
  }

  private watch(emitter: QueueBacked, what: string): void {
    if (this.watched.has(emitter)) return;
    this.watched.add(emitter);
    const connection = this.connections.get(what) ?? new ConnectionWatch(queueDependency(emitter), what);
    this.connections.set(what, connection);
    emitter.on('error', (error: Error) => {
      if (isDependencyUnavailable(error)) connection.failed(error);
      else this.logger.warn({ err: error }, `Queue error on ${what}`);
    });
    // The backend says `ready` on every reconnect of its connections, a worker's blocking one included.
    emitter.backend.on('ready', () => connection.restored());
  }
}
