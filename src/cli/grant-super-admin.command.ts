import { CommandBus } from '@nestjs/cqrs';
import { Command, CommandRunner } from 'nest-commander';
import { GrantSuperAdminCommand as GrantSuperAdmin, GrantSuperAdminResult } from '@modules/accounts';

@Command({
  name: 'users:grant-super-admin',
  arguments: '<email>',
  description: 'Make an existing user a super admin (the only way to grant the role)',
})
export class GrantSuperAdminCommand extends CommandRunner {
  constructor(private readonly commands: CommandBus) {
    super();
  }

  async run([email]: string[]): Promise<void> {
    const user = await this.commands.execute<GrantSuperAdmin, GrantSuperAdminResult>(new GrantSuperAdmin(email));
    if (!user) {
      console.error(`No user with email ${email}.`);
      process.exitCode = 1;
      return;
    }
    console.log(`${user.email} (${user.id}) is a super admin.`);
  }
}
