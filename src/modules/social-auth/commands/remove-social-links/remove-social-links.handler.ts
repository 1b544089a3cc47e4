import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { RemoveSocialLinksCommand } from './remove-social-links.command';

@CommandHandler(RemoveSocialLinksCommand)
export class RemoveSocialLinksHandler implements ICommandHandler<RemoveSocialLinksCommand, number> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  execute({ userId }: RemoveSocialLinksCommand): Promise<number> {
    return inTransaction(this.dataSource, async (manager) => {
      const [, removed] = await manager.query<[unknown, number]>('DELETE FROM social_accounts WHERE user_id = $1', [userId]);
      return removed;
    });
  }
}
