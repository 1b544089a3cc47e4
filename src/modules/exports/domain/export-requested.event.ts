import { DomainEvent } from '@common/events/domain-event';
import type { ExportKind } from './export-file';

export interface ExportRequestedPayload {
  /** The `export_files` row, also the BullMQ job id of its `produce` job. */
  file_id: string;
  tenant_id: string;
  kind: ExportKind;
}

/**
 * Recorded in the transaction that creates an export or report file (`queued`): the outbox relay
 * delivers it and its consumer queues the file's job, so an accepted request always gets its file,
 * whatever happens between the commit and the queue.
 */
export class ExportRequested extends DomainEvent<ExportRequestedPayload> {
  static readonly type = 'ExportRequested';
}
