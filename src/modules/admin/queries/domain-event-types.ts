import { UserRegistered } from '@modules/accounts';
import { AiEnrichmentRequested, TenantProfileEnhanced } from '@modules/ai';
import { ExportRequested } from '@modules/exports';
import { OrderPlaced } from '@modules/orders';

/**
 * Every domain event type the service records in its outbox: the closed set the architecture health
 * reports on (its `type` is an enum of these in the API document). A new event class goes here too.
 */
export const DOMAIN_EVENT_TYPES = [
  UserRegistered.type,
  OrderPlaced.type,
  ExportRequested.type,
  AiEnrichmentRequested.type,
  TenantProfileEnhanced.type,
] as const;
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

export function isDomainEventType(type: string): type is DomainEventType {
  return (DOMAIN_EVENT_TYPES as readonly string[]).includes(type);
}
