import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { SocialAccountsRepository } from '@modules/social-auth/persistence/social-accounts.repository';
import { RemoveSocialLinksCommand } from './remove-social-links.command';

@CommandHandler(RemoveSocialLinksCommand)
export class RemoveSocialLinksHandler implements ICommandHandler<RemoveSocialLinksCommand, number> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly socialAccounts: SocialAccountsRepository,
  ) {}

  execute({ userId }: RemoveSocialLinksCommand): Promise<number> {
    return inTransaction(this.dataSource, (manager) => this.socialAccounts.deleteAllOfUser(manager, userId));
  }
}
