import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { clientNetwork } from '@common/http/client-network';
import { Env } from '@config/env.schema';
import { KeyValueStore } from '@infra/store/key-value-store';
import type { StockLine } from '@modules/catalog';
import { TooManyCheckoutSessionsError } from '../domain/checkout.errors';

/**
 * What a checkout session keeps (docs/commerce.md): the cart as product ids and quantities only
 * (SyncCartCommand has checked they are active products of the shop), never a client's names or
 * prices.
 */
export interface CheckoutSession {
  items: StockLine[];
  couponCode: string | null;
  userId: string | null;
  /** The store key of the client slot the session last occupied (absent on sessions stored before slots existed). */
  slot?: string;
  updatedAt: string;
}

/** A session is forgotten this long after its last use. */
const TTL_MS = 2 * 3600 * 1000;

/** A session is live (occupies one of its client's slots) while used in this window. */
const LIVE_MS = 30 * 60 * 1000;

/**
 * Checkout sessions live in the store (Redis or PostgreSQL), keyed by tenant and the
 * client-generated session id, and are forgotten 2 hours after their last use. Only a cart creates
 * a session (`saveCart`); the coupon routes change a session that exists and never store one of
 * their own.
 *
 * One client (an IPv4 address, an IPv6 /64) has CHECKOUT_MAX_SESSIONS_PER_IP slots per shop, store
 * keys claimed with `setIfAbsent`: a new session must win a free slot, so of any number of
 * concurrent new sessions from one client exactly as many are stored as there are free slots, on
 * either backend. A slot lasts 30 minutes after the session's last use (the session is "live"
 * meanwhile) and is then free for another session; a session used again after that takes a free
 * slot again if there is one, and is not refused if there is none (see docs/commerce.md).
 */
@Injectable()
export class CheckoutSessionStore {
  constructor(
    private readonly store: KeyValueStore,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async get(tenantId: string, sessionId: string): Promise<CheckoutSession | null> {
    const raw = await this.store.get(this.key(tenantId, sessionId));
    return raw ? (JSON.parse(raw) as CheckoutSession) : null;
  }

  /**
   * Stores the session's cart (and the signed-in user, if any), creating the session for `clientIp`
   * when it has none: 429 when that client already has CHECKOUT_MAX_SESSIONS_PER_IP live sessions in the shop.
   */
  async saveCart(tenantId: string, sessionId: string, cart: { items: StockLine[]; userId?: string }, clientIp: string): Promise<void> {
    const items = cart.items.map((item) => ({ product_id: item.product_id, quantity: item.quantity }));
    const changes = { items, ...(cart.userId ? { userId: cart.userId } : {}) };
    const client = clientNetwork(clientIp);
    if (await this.update(tenantId, sessionId, changes, client)) return;
    const { slot, claimed } = await this.claimSlot(tenantId, client, sessionId);
    const created: CheckoutSession = { items, couponCode: null, userId: cart.userId ?? null, slot, updatedAt: new Date().toISOString() };
    if (await this.store.setIfAbsent(this.key(tenantId, sessionId), JSON.stringify(created), TTL_MS)) return;
    // A concurrent first cart of the same session created it: change theirs, and give back a slot
    // this request claimed that the stored session does not occupy.
    const stored = await this.update(tenantId, sessionId, changes, client);
    if (claimed && stored?.slot !== slot) await this.store.delete(slot);
  }

  /**
   * Merges `changes` into the session, restarts its 2 hours and keeps it live for 30 minutes more
   * (its slot, or a free one of `client` when its slot has lapsed); null (nothing stored) when
   * there is no such session.
   */
  async update(
    tenantId: string,
    sessionId: string,
    changes: Partial<Pick<CheckoutSession, 'items' | 'couponCode' | 'userId'>>,
    client?: string,
  ): Promise<CheckoutSession | null> {
    const current = await this.get(tenantId, sessionId);
    if (!current) return null;
    const slot = current.slot ? await this.keepLive(tenantId, current.slot, sessionId, client) : current.slot;
    const next: CheckoutSession = { ...current, ...changes, slot, updatedAt: new Date().toISOString() };
    await this.store.set(this.key(tenantId, sessionId), JSON.stringify(next), TTL_MS);
    return next;
  }

  /**
   * Renews the session's slot for another 30 minutes; when it lapsed and another session took it,
   * a free slot of the client (if the client is known and has one), else the old key (not renewed).
   */
  private async keepLive(tenantId: string, slot: string, sessionId: string, client: string | undefined): Promise<string> {
    if (await this.store.setIfAbsent(slot, sessionId, LIVE_MS)) return slot;
    if ((await this.store.get(slot)) === sessionId) {
      // The store has no compare-and-set: a slot lapsing in the instant between this read and the
      // write below, and taken by another session meanwhile, is renewed for this one; that other
      // session then goes uncounted until its next use claims a slot again.
      await this.store.set(slot, sessionId, LIVE_MS);
      return slot;
    }
    if (client === undefined) return slot;
    try {
      return (await this.claimSlot(tenantId, client, sessionId)).slot;
    } catch (error) {
      // An existing session is never refused: the bound is on new sessions.
      if (error instanceof TooManyCheckoutSessionsError) return slot;
      throw error;
    }
  }

  /**
   * A free slot of the client, claimed for the session, or one a concurrent first cart of the same
   * session has just claimed (`claimed: false`): concurrent first carts of one session share a slot.
   */
  private async claimSlot(tenantId: string, client: string, sessionId: string): Promise<{ slot: string; claimed: boolean }> {
    const slots = this.config.get('CHECKOUT_MAX_SESSIONS_PER_IP', { infer: true });
    for (let index = 0; index < slots; index++) {
      const slot = `checkout-client:${tenantId}:${client}:${index}`;
      if (await this.store.setIfAbsent(slot, sessionId, LIVE_MS)) return { slot, claimed: true };
      if ((await this.store.get(slot)) === sessionId) return { slot, claimed: false };
    }
    throw new TooManyCheckoutSessionsError();
  }

  private key(tenantId: string, sessionId: string): string {
    return `checkout:${tenantId}:${sessionId}`;
  }
}
