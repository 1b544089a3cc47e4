export const OUTBOX_QUEUE = 'outbox';
export const outboxJobId = (outboxId: string) => `outbox-${outboxId}`;

export interface OutboxJobData {
  outboxId: string;
}
