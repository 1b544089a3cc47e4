import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { InventoryService } from '@modules/catalog';
import { ReleaseInventoryCommand } from './release-inventory.command';

/**
 * Drops the session's holds (docs/commerce.md, "Holds end when the shopper leaves"). A release that
 * races a hold of the same session is ordered by the rows it deletes: it ends the hold it sees, and
 * a hold committed after it stands; either way the held units are exactly the rows left.
 */
@CommandHandler(ReleaseInventoryCommand)
export class ReleaseInventoryHandler implements ICommandHandler<ReleaseInventoryCommand, void> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inventory: InventoryService,
  ) {}

  async execute({ tenantId, sessionId }: ReleaseInventoryCommand): Promise<void> {
    await inTransaction(this.dataSource, (manager) => this.inventory.release(manager, tenantId, sessionId));
  }
}
