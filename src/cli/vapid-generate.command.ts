import { Command, CommandRunner } from 'nest-commander';
import { generateVapidKeys } from '@modules/notifications';

@Command({
  name: 'vapid:generate',
  description: 'Print a new VAPID key pair for Web Push, as VAPID_PUBLIC_KEY=… and VAPID_PRIVATE_KEY=… lines for .env',
})
export class VapidGenerateCommand extends CommandRunner {
  run(): Promise<void> {
    const { publicKey, privateKey } = generateVapidKeys();
    console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
    console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
    return Promise.resolve();
  }
}
