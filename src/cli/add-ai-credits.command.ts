import { CommandBus } from '@nestjs/cqrs';
import { Command, CommandRunner } from 'nest-commander';
import { AddAiCreditsCommand as AddAiCredits, AddAiCreditsResult } from '@modules/accounts';

const MAX_TOP_UP = 1_000_000;

@Command({
  name: 'tenants:add-ai-credits',
  arguments: '<tenant> <credits>',
  description: "Add AI credits to a shop's budget (the shop by UUID or slug; 1 to 1000000 credits)",
})
export class AddAiCreditsCommand extends CommandRunner {
  constructor(private readonly commands: CommandBus) {
    super();
  }

  async run([tenant, rawCredits]: string[]): Promise<void> {
    const credits = /^\d{1,7}$/.test(rawCredits) ? Number(rawCredits) : NaN;
    if (!(credits >= 1 && credits <= MAX_TOP_UP)) {
      console.error(`Credits must be a whole number from 1 to ${MAX_TOP_UP}.`);
      process.exitCode = 1;
      return;
    }
    const result = await this.commands.execute<AddAiCredits, AddAiCreditsResult>(new AddAiCredits(tenant, credits));
    if (!result) {
      console.error(`No shop with id or slug ${tenant}.`);
      process.exitCode = 1;
      return;
    }
    console.log(`Shop ${result.tenantId} now has ${result.aiCredits} AI credits.`);
  }
}
