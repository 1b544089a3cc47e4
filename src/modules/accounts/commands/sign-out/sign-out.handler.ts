import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { TokenService } from '@modules/accounts/tokens/token.service';
import { SignOutCommand } from './sign-out.command';

@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand, void> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
  ) {}

  async execute({ tokenId }: SignOutCommand): Promise<void> {
    await inTransaction(this.dataSource, (manager) => this.tokens.revoke(manager, tokenId));
  }
}
