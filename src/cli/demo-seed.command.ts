import { Command, CommandRunner, Option } from 'nest-commander';
import { DemoSeedService } from '@modules/demo';

interface DemoSeedOptions {
  name?: string;
  json?: boolean;
}

const DEFAULT_NAME = 'Demo Shop';

@Command({
  name: 'demo:seed',
  description: 'Create a demo shop: owner with a bearer token, primary location, products with stock and coupons',
})
export class DemoSeedCommand extends CommandRunner {
  constructor(private readonly demo: DemoSeedService) {
    super();
  }

  async run(_arguments: string[], options: DemoSeedOptions = {}): Promise<void> {
    const name = (options.name ?? DEFAULT_NAME).trim();
    if (name === '' || name.length > 255) {
      console.error('The shop name must be 1 to 255 characters.');
      process.exitCode = 1;
      return;
    }
    const shop = await this.demo.seed(name);
    if (options.json) {
      console.log(JSON.stringify(shop));
      return;
    }
    console.log(`Demo shop "${name}" (${shop.tenant_slug}, ${shop.tenant_id})`);
    console.log(`Owner:    ${shop.owner_email}`);
    console.log(`Token:    ${shop.token}`);
    console.log(`Location: ${shop.location_id} (primary)`);
    console.log(`Products: ${shop.product_ids.join(', ')}`);
    console.log(`Coupons:  ${shop.coupon_codes.join(', ')}`);
  }

  @Option({ flags: '-n, --name <name>', description: `Shop name (default "${DEFAULT_NAME}")` })
  parseName(value: string): string {
    return value;
  }

  @Option({
    flags: '--json',
    description: 'Print { tenant_id, tenant_slug, owner_email, token, location_id, product_ids, coupon_codes } as JSON',
  })
  parseJson(): boolean {
    return true;
  }
}
