import { Injectable } from '@nestjs/common';
import { KeyValueStore } from '@infra/store/key-value-store';
import type { CartItemDto } from '@modules/catalog';

export interface CheckoutSession {
  items: CartItemDto[];
  subtotal: number | null;
  couponCode: string | null;
  userId: string | null;
  updatedAt: string;
}

const TTL_MS = 24 * 3600 * 1000;

/** Checkout sessions live 24 h in the store (Redis or PostgreSQL), keyed by tenant and the client-generated session id. */
@Injectable()
export class CheckoutSessionStore {
  constructor(private readonly store: KeyValueStore) {}

  async get(tenantId: string, sessionId: string): Promise<CheckoutSession | null> {
    const raw = await this.store.get(this.key(tenantId, sessionId));
    return raw ? (JSON.parse(raw) as CheckoutSession) : null;
  }

  /** Merges `changes` into the session (creating it) and restarts its 24 h. */
  async update(tenantId: string, sessionId: string, changes: Partial<Omit<CheckoutSession, 'updatedAt'>>): Promise<CheckoutSession> {
    const current = (await this.get(tenantId, sessionId)) ?? { items: [], subtotal: null, couponCode: null, userId: null, updatedAt: '' };
    const next: CheckoutSession = { ...current, ...changes, updatedAt: new Date().toISOString() };
    await this.store.set(this.key(tenantId, sessionId), JSON.stringify(next), TTL_MS);
    return next;
  }

  private key(tenantId: string, sessionId: string): string {
    return `checkout:${tenantId}:${sessionId}`;
  }
}
