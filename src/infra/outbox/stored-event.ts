/** What a handler receives: the stored form, identical on every delivery. */
export interface StoredEvent<TPayload = Record<string, unknown>> {
  id: string;
  type: string;
  tenantId: string | null;
  occurredAt: Date;
  payload: TPayload;
}
