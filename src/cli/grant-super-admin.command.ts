import { CommandBus } from '@nestjs/cqrs';
import { Command, CommandRunner, Option } from 'nest-commander';
import { GrantSuperAdminCommand as GrantSuperAdmin, GrantSuperAdminResult } from '@modules/accounts';

interface GrantSuperAdminOptions {
  force?: boolean;
}

@Command({
  name: 'users:grant-super-admin',
  arguments: '<email>',
  description: 'Make an existing user whose email is verified a super admin (the only way to grant the role)',
})
export class GrantSuperAdminCommand extends CommandRunner {
  constructor(private readonly commands: CommandBus) {
    super();
  }

  @Option({
    flags: '--force',
    description: 'Grant it even though the email was never verified (by a one-time code or a verified social sign-in)',
  })
  parseForce(): boolean {
    return true;
  }

  async run([email]: string[], options: GrantSuperAdminOptions = {}): Promise<void> {
    const force = options.force === true;
    const result = await this.commands.execute<GrantSuperAdmin, GrantSuperAdminResult>(new GrantSuperAdmin(email, force));
    if (!result) {
      console.error(`No user with email ${email}.`);
      process.exitCode = 1;
      return;
    }
    if (result.outcome === 'unverified') {
      console.error(
        `Refused: ${result.email} has never been verified (no one-time code or verified social sign-in proved it), so the account ` +
          'may belong to whoever typed the address. Have its owner sign in with a one-time code first, or run again with --force.',
      );
      process.exitCode = 1;
      return;
    }
    if (!result.emailVerified) console.warn(`Warning: ${result.email} has never been verified; granted because of --force.`);
    console.log(`${result.email} (${result.id}) is a super admin.`);
  }
}
