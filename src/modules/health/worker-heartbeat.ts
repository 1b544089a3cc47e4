import { writeFile } from 'node:fs/promises';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '@config/env.schema';
import { QueueReadiness } from '@infra/queue/queue-readiness';

/** How often a healthy worker touches its heartbeat file. */
const HEARTBEAT_INTERVAL_MS = 10_000;
/** How long a queue connection may take to answer before the beat is skipped. */
const QUEUE_PING_TIMEOUT_MS = 5_000;

/**
 * The worker's sign of life for a liveness probe (it has no HTTP listener): every 10 s, when every
 * queue connection of the process answers, the time is written to WORKER_HEARTBEAT_FILE. A worker
 * whose event loop is stuck, or whose queue connection hangs, stops beating, and the probe
 * (`src/liveness-probe.ts`) fails once the file is 60 s old, so the orchestrator restarts it. An
 * outage of Redis or PostgreSQL that the process recovers from by itself stops the beat too; 60 s
 * lets a short one pass without a restart.
 */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WorkerHeartbeat.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly queues: QueueReadiness,
    private readonly config: ConfigService<Env, true>,
  ) {}

  onApplicationBootstrap(): void {
    const file = this.config.get('WORKER_HEARTBEAT_FILE', { infer: true });
    if (!file) return;
    const beat = () => void this.beat(file).catch((error: Error) => this.logger.warn(`Heartbeat not written: ${error.message}`));
    beat();
    this.timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Writes the beat when every queue answers; true when it did. */
  async beat(file: string): Promise<boolean> {
    const unavailable = await this.queues.unavailable(QUEUE_PING_TIMEOUT_MS);
    if (unavailable.length > 0) return false;
    await writeFile(file, `${Date.now()}\n`);
    return true;
  }
}
