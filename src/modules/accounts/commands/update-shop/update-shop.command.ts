import type { UpdateShopDto } from '@modules/accounts/dto/shop.dto';

export class UpdateShopCommand {
  constructor(
    readonly tenantId: string,
    readonly changes: UpdateShopDto,
  ) {}
}
