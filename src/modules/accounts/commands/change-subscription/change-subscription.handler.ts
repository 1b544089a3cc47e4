import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isUuid } from '@common/http/resource-ids';
import { inTransaction } from '@infra/database/transaction';
import { TenantsRepository } from '@modules/accounts/persistence/tenants.repository';
import { ChangeSubscriptionCommand, ChangeSubscriptionResult } from './change-subscription.command';

/**
 * The tenant row is locked while its subscription changes, so concurrent events apply one after
 * the other. Late or repeated events never undo a later state: a renewal never moves the period end
 * backwards, a repeated cancellation changes nothing. Every change leaves a `tenant_events` row.
 */
@CommandHandler(ChangeSubscriptionCommand)
export class ChangeSubscriptionHandler implements ICommandHandler<ChangeSubscriptionCommand, ChangeSubscriptionResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tenants: TenantsRepository,
  ) {}

  async execute(command: ChangeSubscriptionCommand): Promise<ChangeSubscriptionResult> {
    // A malformed id would abort the sender's transaction with a database error instead.
    if (!isUuid(command.tenantId)) return 'tenant_not_found';
    return inTransaction(this.dataSource, async (manager) => {
      const tenant = await this.tenants.lockSubscription(manager, command.tenantId);
      if (!tenant) return 'tenant_not_found';
      const base = {
        provider: command.details.provider,
        webhook_log_id: command.details.webhookLogId,
        from_status: tenant.subscription_status,
      };

      if (command.event === 'subscription.cancelled') {
        if (tenant.subscription_status === 'canceled') return 'unchanged';
        await this.tenants.cancelSubscription(manager, tenant.id);
        await this.tenants.recordEvent(manager, tenant.id, command.event, base);
        return 'applied';
      }

      if (!command.periodEnd) throw new Error(`${command.event} needs the period end`);
      const periodEnd = command.periodEnd.toISOString();
      await this.tenants.renewSubscription(manager, tenant.id, periodEnd);
      await this.tenants.recordEvent(manager, tenant.id, command.event, { ...base, current_period_end: periodEnd });
      return 'applied';
    });
  }
}
