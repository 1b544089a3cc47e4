import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { uuidId } from '@common/http/resource-ids';
import { inTransaction } from '@infra/database/transaction';
import { AiCreditsLedger, MAX_CREDITS } from '@modules/accounts/ai-budget/ai-credits.ledger';
import { AddAiCreditsCommand, AddAiCreditsResult } from './add-ai-credits.command';

@CommandHandler(AddAiCreditsCommand)
export class AddAiCreditsHandler implements ICommandHandler<AddAiCreditsCommand, AddAiCreditsResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: AiCreditsLedger,
  ) {}

  execute({ tenant, credits }: AddAiCreditsCommand): Promise<AddAiCreditsResult> {
    return inTransaction(this.dataSource, async (manager) => {
      const id = uuidId(tenant);
      const rows: Array<{ id: string }> = await manager.query(
        id ? 'SELECT id FROM tenants WHERE id = $1' : 'SELECT id FROM tenants WHERE slug = $1',
        [id ?? tenant.toLowerCase()],
      );
      if (!rows[0]) return null;
      const balance = await this.ledger.add(manager, rows[0].id, credits);
      if (balance === null) throw ValidationFailedError.field('credits', `The balance cannot exceed ${MAX_CREDITS} credits.`);
      return { tenantId: rows[0].id, aiCredits: balance };
    });
  }
}
