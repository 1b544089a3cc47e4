import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isUuid } from '@common/http/resource-ids';
import { inTransaction } from '@infra/database/transaction';
import type { SubscriptionStatus } from '@modules/accounts/domain/tenant';
import { ChangeSubscriptionCommand, ChangeSubscriptionResult } from './change-subscription.command';

/**
 * The tenant row is locked while its subscription changes, so concurrent events apply one after
 * the other. Late or repeated events never undo a later state: a renewal never moves the period end
 * backwards, a repeated cancellation changes nothing. Every change leaves a `tenant_events` row.
 */
@CommandHandler(ChangeSubscriptionCommand)
export class ChangeSubscriptionHandler implements ICommandHandler<ChangeSubscriptionCommand, ChangeSubscriptionResult> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute(command: ChangeSubscriptionCommand): Promise<ChangeSubscriptionResult> {
    // A malformed id would abort the sender's transaction with a database error instead.
    if (!isUuid(command.tenantId)) return 'tenant_not_found';
    return inTransaction(this.dataSource, async (manager) => {
      const rows: Array<{ id: string; subscription_status: SubscriptionStatus }> = await manager.query(
        'SELECT id, subscription_status FROM tenants WHERE id = $1 FOR UPDATE',
        [command.tenantId],
      );
      const tenant = rows[0];
      if (!tenant) return 'tenant_not_found';
      const base = {
        provider: command.details.provider,
        webhook_log_id: command.details.webhookLogId,
        from_status: tenant.subscription_status,
      };

      if (command.event === 'subscription.cancelled') {
        if (tenant.subscription_status === 'canceled') return 'unchanged';
        await manager.query(`UPDATE tenants SET subscription_status = 'canceled', updated_at = now() WHERE id = $1`, [tenant.id]);
        await this.recordEvent(manager, tenant.id, command.event, base);
        return 'applied';
      }

      if (!command.periodEnd) throw new Error(`${command.event} needs the period end`);
      const periodEnd = command.periodEnd.toISOString();
      await manager.query(
        `UPDATE tenants SET subscription_status = 'active',
                subscription_ends_at = GREATEST(COALESCE(subscription_ends_at, $2::timestamptz), $2::timestamptz),
                updated_at = now()
          WHERE id = $1`,
        [tenant.id, periodEnd],
      );
      await this.recordEvent(manager, tenant.id, command.event, { ...base, current_period_end: periodEnd });
      return 'applied';
    });
  }

  private async recordEvent(manager: EntityManager, tenantId: string, event: string, details: Record<string, unknown>): Promise<void> {
    await manager.query('INSERT INTO tenant_events (tenant_id, event, details) VALUES ($1, $2, $3)', [tenantId, event, details]);
  }
}
