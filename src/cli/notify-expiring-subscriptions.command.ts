import { CommandBus } from '@nestjs/cqrs';
import { Command, CommandRunner } from 'nest-commander';
import {
  NotifyExpiringSubscriptionsCommand as NotifyExpiringSubscriptions,
  NotifyExpiringSubscriptionsResult,
} from '@modules/notifications';

@Command({
  name: 'subscriptions:notify-expiring',
  description: 'Remind the owners of shops whose subscription ends within 72 hours (once per billing period), as the daily job does',
})
export class NotifyExpiringSubscriptionsCommand extends CommandRunner {
  constructor(private readonly commands: CommandBus) {
    super();
  }

  async run(): Promise<void> {
    const result = await this.commands.execute<NotifyExpiringSubscriptions, NotifyExpiringSubscriptionsResult>(
      new NotifyExpiringSubscriptions(),
    );
    const already = result.due - result.notified - result.failed;
    console.log(
      `Notified ${result.notified} owner(s); ${already} already reminded of this period; ${result.due} subscription(s) ending within 72 hours.`,
    );
    if (result.failed > 0) {
      console.error(`${result.failed} reminder(s) could not be sent (see the log); run the command again.`);
      process.exitCode = 1;
    }
  }
}
