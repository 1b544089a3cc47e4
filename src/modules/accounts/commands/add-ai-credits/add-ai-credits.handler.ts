import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { uuidId } from '@common/http/resource-ids';
import { inTransaction } from '@infra/database/transaction';
import { AiCreditsLedger } from '@modules/accounts/ai-budget/ai-credits.ledger';
import { MAX_CREDITS, TenantsRepository } from '@modules/accounts/persistence/tenants.repository';
import { AddAiCreditsCommand, AddAiCreditsResult } from './add-ai-credits.command';

@CommandHandler(AddAiCreditsCommand)
export class AddAiCreditsHandler implements ICommandHandler<AddAiCreditsCommand, AddAiCreditsResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: AiCreditsLedger,
    private readonly tenants: TenantsRepository,
  ) {}

  execute({ tenant, credits }: AddAiCreditsCommand): Promise<AddAiCreditsResult> {
    return inTransaction(this.dataSource, async (manager) => {
      const id = uuidId(tenant);
      const tenantId = await this.tenants.findId(manager, id ? { id } : { slug: tenant.toLowerCase() });
      if (!tenantId) return null;
      const balance = await this.ledger.add(manager, tenantId, credits);
      if (balance === null) throw ValidationFailedError.field('credits', `The balance cannot exceed ${MAX_CREDITS} credits.`);
      return { tenantId, aiCredits: balance };
    });
  }
}
