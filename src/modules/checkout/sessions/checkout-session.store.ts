import { Injectable } from '@nestjs/common';
import { clientNetwork } from '@common/http/client-network';
import { KeyValueStore } from '@infra/store/key-value-store';
import type { StockLine } from '@modules/catalog';
import { TooManyCheckoutSessionsError } from '../domain/checkout.errors';

/**
 * What a checkout session keeps (decisions §15): the cart as product ids and quantities only
 * (SyncCartCommand has checked they are active products of the shop), never a client's names or
 * prices.
 */
export interface CheckoutSession {
  items: StockLine[];
  couponCode: string | null;
  userId: string | null;
  /** The store key of the client slot the session occupies (absent on sessions stored before slots existed). */
  slot?: string;
  updatedAt: string;
}

const TTL_MS = 24 * 3600 * 1000;

/** Decisions §15: live checkout sessions one client (an IPv4 address, an IPv6 /64) may have in one shop. */
const MAX_SESSIONS_PER_CLIENT = 3;

/**
 * Checkout sessions live 24 h in the store (Redis or PostgreSQL), keyed by tenant and the
 * client-generated session id. Only a cart creates a session (`saveCart`); the coupon routes change
 * a session that exists and never store one of their own.
 *
 * One client has MAX_SESSIONS_PER_CLIENT slots per shop, store keys claimed with `setIfAbsent`: a
 * new session must win a free slot, so of any number of concurrent new sessions from one client
 * exactly as many are stored as there are free slots, on either backend. A slot lives as long as
 * its session: both are written with the same TTL, the slot after the session, on every change.
 */
@Injectable()
export class CheckoutSessionStore {
  constructor(private readonly store: KeyValueStore) {}

  async get(tenantId: string, sessionId: string): Promise<CheckoutSession | null> {
    const raw = await this.store.get(this.key(tenantId, sessionId));
    return raw ? (JSON.parse(raw) as CheckoutSession) : null;
  }

  /**
   * Stores the session's cart (and the signed-in user, if any), creating the session for `clientIp`
   * when it has none: 429 when that client already has MAX_SESSIONS_PER_CLIENT live sessions in the shop.
   */
  async saveCart(tenantId: string, sessionId: string, cart: { items: StockLine[]; userId?: string }, clientIp: string): Promise<void> {
    const items = cart.items.map((item) => ({ product_id: item.product_id, quantity: item.quantity }));
    const changes = { items, ...(cart.userId ? { userId: cart.userId } : {}) };
    if (await this.update(tenantId, sessionId, changes)) return;
    const { slot, claimed } = await this.claimSlot(tenantId, clientNetwork(clientIp), sessionId);
    const created: CheckoutSession = { items, couponCode: null, userId: cart.userId ?? null, slot, updatedAt: new Date().toISOString() };
    if (await this.store.setIfAbsent(this.key(tenantId, sessionId), JSON.stringify(created), TTL_MS)) return;
    // A concurrent first cart of the same session created it: change theirs, and give back a slot
    // this request claimed that the stored session does not occupy.
    const stored = await this.update(tenantId, sessionId, changes);
    if (claimed && stored?.slot !== slot) await this.store.delete(slot);
  }

  /** Merges `changes` into the session and restarts its 24 h; null (nothing stored) when there is no such session. */
  async update(
    tenantId: string,
    sessionId: string,
    changes: Partial<Pick<CheckoutSession, 'items' | 'couponCode' | 'userId'>>,
  ): Promise<CheckoutSession | null> {
    const current = await this.get(tenantId, sessionId);
    if (!current) return null;
    const next: CheckoutSession = { ...current, ...changes, updatedAt: new Date().toISOString() };
    await this.store.set(this.key(tenantId, sessionId), JSON.stringify(next), TTL_MS);
    if (next.slot) await this.store.set(next.slot, sessionId, TTL_MS);
    return next;
  }

  /**
   * A free slot of the client, claimed for the session, or one a concurrent first cart of the same
   * session has just claimed (`claimed: false`): concurrent first carts of one session share a slot.
   */
  private async claimSlot(tenantId: string, client: string, sessionId: string): Promise<{ slot: string; claimed: boolean }> {
    for (let index = 0; index < MAX_SESSIONS_PER_CLIENT; index++) {
      const slot = `checkout-client:${tenantId}:${client}:${index}`;
      if (await this.store.setIfAbsent(slot, sessionId, TTL_MS)) return { slot, claimed: true };
      if ((await this.store.get(slot)) === sessionId) return { slot, claimed: false };
    }
    throw new TooManyCheckoutSessionsError();
  }

  private key(tenantId: string, sessionId: string): string {
    return `checkout:${tenantId}:${sessionId}`;
  }
}
