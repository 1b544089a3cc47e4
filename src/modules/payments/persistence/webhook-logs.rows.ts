/** What a `webhook_logs` row records about a delivery. */
export interface LogEntry {
  provider: string;
  externalId: string;
  eventType: string;
  /** The payload as JSON text. */
  payload: string;
}

/** `webhook_logs.processing_status`. */
export type ProcessingStatus = 'received' | 'processed' | 'ignored' | 'invalid' | 'failed';

/** The statuses a first delivery's row is inserted with. */
export type FirstStatus = 'processed' | 'invalid';

/** A delivery of an order payment: its log row and the order change it carries. */
export interface LoggedOrderPayment extends LogEntry {
  payment: { orderId: number; outcome: string; reason: string | null };
}
