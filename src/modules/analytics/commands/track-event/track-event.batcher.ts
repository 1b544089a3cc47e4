import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { enqueueOnRequestPath } from '@infra/queue/enqueue';
import { ANALYTICS_JOB_OPTIONS, ANALYTICS_QUEUE, AnalyticsJob, PackedTrack, TrackEventsJob } from '@modules/analytics/jobs/analytics.queue';

/** A batch is sent at once when it reaches this many events. */
const MAX_BATCH = 200;
/**
 * The longest a batch waits for the add under way: an add that hangs (Redis up but not answering)
 * must not hold the next batch's requests beyond their own 1 s deadline (decisions §13: 2 s).
 */
const MAX_HOLD_MS = 50;

/** The events of one turn, by shop, and the promise all their requests wait for. */
interface Batch {
  shops: Map<string, PackedTrack[]>;
  size: number;
  stored: Promise<void>;
  settle: (error?: unknown) => void;
}

/**
 * Group commit for the intake: the track events of all requests that reach the queue in one turn
 * of the event loop are stored as one `track-events` job (one write to the queue's store, and one
 * job's bookkeeping, for all of them) instead of a job each. Every request still answers only once
 * its own event is stored: all of a batch's requests wait for the same promise, and fail together
 * (503 when the queue is unavailable, as before) if the batch cannot be stored. The worker stores a
 * batch's events under ids derived from the job (`trackEventId`), so a batch retried in whole never
 * stores one twice.
 *
 * A turn's batch that finds an add still under way waits for it to end, and goes out then with the
 * events that arrived meanwhile (unless it is full), or after MAX_HOLD_MS if that add hangs: under
 * load, fewer and larger adds (about 25 events instead of 19 at 50 connections); an idle intake has
 * no add under way, so nothing waits.
 */
@Injectable()
export class TrackEventBatcher {
  private open: Batch | null = null;
  private adding = 0;
  private flushWhenAdded = false;
  private holdTimer: NodeJS.Timeout | undefined;

  constructor(@InjectQueue(ANALYTICS_QUEUE) private readonly queue: Queue<AnalyticsJob>) {}

  /** Resolves once the event is stored in the queue. */
  store(tenantId: string, event: PackedTrack): Promise<void> {
    let batch = this.open;
    if (batch === null) {
      batch = this.open = openBatch();
      setImmediate(() => this.flush(batch!));
    }
    const events = batch.shops.get(tenantId);
    if (events === undefined) batch.shops.set(tenantId, [event]);
    else events.push(event);
    if (++batch.size >= MAX_BATCH) this.flush(batch);
    return batch.stored;
  }

  private flush(batch: Batch, held = false): void {
    // Sent already (it filled up before its turn ended).
    if (this.open !== batch) return;
    if (!held && this.adding > 0 && batch.size < MAX_BATCH) {
      this.flushWhenAdded = true;
      this.holdTimer ??= setTimeout(() => this.release(), MAX_HOLD_MS);
      return;
    }
    this.open = null;
    this.adding++;
    const base = randomUUID();
    const job: TrackEventsJob = { kind: 'track-events', base, shops: [...batch.shops] };
    // The id makes a retried add of the same batch one job.
    const options = { ...ANALYTICS_JOB_OPTIONS, jobId: `track-events-${base}` };
    enqueueOnRequestPath(this.queue, () => this.queue.add('track-events', job, options)).then(
      () => this.added(batch),
      (error: unknown) => this.added(batch, error ?? new Error('The analytics batch could not be queued')),
    );
  }

  private added(batch: Batch, error?: unknown): void {
    batch.settle(error);
    this.adding--;
    if (this.adding === 0) this.release();
  }

  /** Sends the batch that waits for an add, if one does. */
  private release(): void {
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    if (!this.flushWhenAdded) return;
    this.flushWhenAdded = false;
    if (this.open !== null) this.flush(this.open, true);
  }
}

function openBatch(): Batch {
  let settle!: (error?: unknown) => void;
  const stored = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error));
  });
  return { shops: new Map(), size: 0, stored, settle };
}
