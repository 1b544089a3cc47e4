import { ApiProperty } from '@nestjs/swagger';
import { DOMAIN_EVENT_TYPES, type DomainEventType } from '../queries/domain-event-types';

export class EventTypeHealth {
  @ApiProperty({ enum: DOMAIN_EVENT_TYPES, enumName: 'DomainEventType', example: 'OrderPlaced' })
  type: DomainEventType;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Outbox rows ever recorded of this type (still stored)' })
  recorded: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Handed to the queue, not handled yet' })
  dispatched: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Handled by every consumer' })
  processed: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Recorded, not handed to the queue yet' })
  pending: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Gave up after the last attempt' })
  failed: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Seconds the oldest pending event has waited (rounded); null with none pending',
  })
  oldest_pending_age_seconds: number | null;
}

export class QueueHealth {
  @ApiProperty({ example: 'outbox' })
  name: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Waiting to run (including prioritized and paused jobs)' })
  waiting: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Running now' })
  active: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Failed for good (kept 7 days)' })
  failed: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Waiting for a retry backoff or a scheduled time' })
  delayed: number;
}

export class ArchitectureHealth {
  @ApiProperty({ format: 'date-time' })
  generated_at: string;

  @ApiProperty({ type: [EventTypeHealth] })
  events: EventTypeHealth[];

  @ApiProperty({ type: [QueueHealth], nullable: true, description: 'null when Redis did not answer within a second' })
  queues: QueueHealth[] | null;
}

export class ArchitectureHealthResponse {
  @ApiProperty({ type: ArchitectureHealth })
  data: ArchitectureHealth;
}
