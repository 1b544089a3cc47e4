/**
 * Port of the broadcast channel (Socket.IO, decisions §9): emits `event` to the room
 * `private-tenant.{tenantId}` of every API instance, from any process (API or worker). Runs in a
 * retried job (id `broadcast-<key>`); a failure throws.
 */
export abstract class BroadcastChannel {
  abstract toTenant(tenantId: string, event: string, payload: Record<string, unknown>): Promise<void>;
}

/** The Socket.IO room of a shop's team: the server puts each merchant connection in its own shop's room. */
export function tenantRoom(tenantId: string): string {
  return `private-tenant.${tenantId}`;
}
