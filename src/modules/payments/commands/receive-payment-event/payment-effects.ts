import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PaymentEventType } from '@modules/payments/domain/payment-events';

export type EffectResult = { ok: true } | { ok: false; reason: string };

interface Context {
  provider: string;
  logId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const invalid = (reason: string): EffectResult => ({ ok: false, reason });

/**
 * What each payment event does to orders and tenants (decisions §10), inside the webhook's
 * transaction. Late or repeated events never undo a later state: a rejection after a confirmed
 * payment leaves the order paid; a renewal never moves the period end backwards. See
 * docs/payments-webhook.md.
 */
@Injectable()
export class PaymentEffects {
  async apply(manager: EntityManager, type: PaymentEventType, data: Record<string, unknown>, context: Context): Promise<EffectResult> {
    switch (type) {
      case 'payment.confirmed':
        return this.paymentConfirmed(manager, data, context);
      case 'payment.rejected':
        return this.paymentRejected(manager, data, context);
      case 'subscription.created':
      case 'subscription.renewed':
        return this.subscriptionActive(manager, type, data, context);
      case 'subscription.cancelled':
        return this.subscriptionCancelled(manager, data, context);
    }
  }

  private async paymentConfirmed(manager: EntityManager, data: Record<string, unknown>, context: Context): Promise<EffectResult> {
    const order = await this.lockOrder(manager, data.order_id);
    if (!order) return invalid('data.order_id does not name an existing order.');
    if (order.payment_status === 'paid') return { ok: true };
    await manager.query(`UPDATE orders SET payment_status = 'paid', paid_at = now(), updated_at = now() WHERE id = $1`, [order.id]);
    await this.orderEvent(manager, order, 'paid', { provider: context.provider, webhook_log_id: context.logId });
    return { ok: true };
  }

  private async paymentRejected(manager: EntityManager, data: Record<string, unknown>, context: Context): Promise<EffectResult> {
    const order = await this.lockOrder(manager, data.order_id);
    if (!order) return invalid('data.order_id does not name an existing order.');
    // A confirmed payment is final: a rejection arriving late (or for an earlier attempt) changes nothing.
    if (order.payment_status !== 'unpaid') return { ok: true };
    const reason = typeof data.reason === 'string' ? data.reason.slice(0, 500) : null;
    await manager.query(`UPDATE orders SET payment_status = 'failed', updated_at = now() WHERE id = $1`, [order.id]);
    await this.orderEvent(manager, order, 'payment_failed', { provider: context.provider, webhook_log_id: context.logId, reason });
    return { ok: true };
  }

  private async subscriptionActive(
    manager: EntityManager,
    type: 'subscription.created' | 'subscription.renewed',
    data: Record<string, unknown>,
    context: Context,
  ): Promise<EffectResult> {
    const periodEnd = typeof data.current_period_end === 'string' ? new Date(data.current_period_end) : null;
    if (!periodEnd || Number.isNaN(periodEnd.getTime())) return invalid('data.current_period_end must be an ISO 8601 date-time.');
    const tenant = await this.lockTenant(manager, data.tenant_id);
    if (!tenant) return invalid('data.tenant_id does not name an existing tenant.');
    await manager.query(
      `UPDATE tenants SET subscription_status = 'active',
              subscription_ends_at = GREATEST(COALESCE(subscription_ends_at, $2::timestamptz), $2::timestamptz),
              updated_at = now()
        WHERE id = $1`,
      [tenant.id, periodEnd.toISOString()],
    );
    await this.tenantEvent(manager, tenant.id, type, {
      provider: context.provider,
      webhook_log_id: context.logId,
      from_status: tenant.subscription_status,
      current_period_end: periodEnd.toISOString(),
    });
    return { ok: true };
  }

  private async subscriptionCancelled(manager: EntityManager, data: Record<string, unknown>, context: Context): Promise<EffectResult> {
    const tenant = await this.lockTenant(manager, data.tenant_id);
    if (!tenant) return invalid('data.tenant_id does not name an existing tenant.');
    if (tenant.subscription_status === 'canceled') return { ok: true };
    await manager.query(`UPDATE tenants SET subscription_status = 'canceled', updated_at = now() WHERE id = $1`, [tenant.id]);
    await this.tenantEvent(manager, tenant.id, 'subscription.cancelled', {
      provider: context.provider,
      webhook_log_id: context.logId,
      from_status: tenant.subscription_status,
    });
    return { ok: true };
  }

  private async lockOrder(manager: EntityManager, raw: unknown) {
    const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const rows: Array<{ id: number; tenant_id: string; payment_status: string }> = await manager.query(
      'SELECT id, tenant_id, payment_status FROM orders WHERE id = $1 FOR UPDATE',
      [id],
    );
    return rows[0] ?? null;
  }

  private async lockTenant(manager: EntityManager, raw: unknown) {
    if (typeof raw !== 'string' || !UUID.test(raw)) return null;
    const rows: Array<{ id: string; subscription_status: string }> = await manager.query(
      'SELECT id, subscription_status FROM tenants WHERE id = $1 FOR UPDATE',
      [raw],
    );
    return rows[0] ?? null;
  }

  private async orderEvent(
    manager: EntityManager,
    order: { id: number; tenant_id: string },
    event: string,
    details: Record<string, unknown>,
  ) {
    await manager.query(`INSERT INTO order_events (order_id, tenant_id, event, details) VALUES ($1, $2, $3, $4)`, [
      order.id,
      order.tenant_id,
      event,
      details,
    ]);
  }

  private async tenantEvent(manager: EntityManager, tenantId: string, event: string, details: Record<string, unknown>) {
    await manager.query(`INSERT INTO tenant_events (tenant_id, event, details) VALUES ($1, $2, $3)`, [tenantId, event, details]);
  }
}
