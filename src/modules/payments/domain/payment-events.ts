/** Event types the webhook acts on (decisions §10); anything else is logged and ignored. */
export const PAYMENT_EVENT_TYPES = [
  'payment.confirmed',
  'payment.rejected',
  'subscription.created',
  'subscription.cancelled',
  'subscription.renewed',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export function isKnownPaymentEvent(type: string): type is PaymentEventType {
  return (PAYMENT_EVENT_TYPES as readonly string[]).includes(type);
}

export interface WebhookEnvelope {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

/** A JSON object with a string `event` and an object `data`, or null. */
export function parseEnvelope(raw: Buffer): { envelope: WebhookEnvelope | null; json: unknown } {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return { envelope: null, json: undefined };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return { envelope: null, json };
  const candidate = json as Record<string, unknown>;
  if (typeof candidate.event !== 'string' || candidate.event.trim() === '') return { envelope: null, json };
  if (!candidate.data || typeof candidate.data !== 'object' || Array.isArray(candidate.data)) return { envelope: null, json };
  const id = typeof candidate.id === 'string' || typeof candidate.id === 'number' ? String(candidate.id) : undefined;
  return { envelope: { id, event: candidate.event.trim(), data: candidate.data as Record<string, unknown> }, json };
}
