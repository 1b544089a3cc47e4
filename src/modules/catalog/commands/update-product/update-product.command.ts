import type { UpdateProductDto } from '@modules/catalog/dto/product.dto';

/** Changes the given fields of one of the shop's products; 404 when the shop has no such product. */
export class UpdateProductCommand {
  constructor(
    readonly tenantId: string,
    readonly productId: number,
    readonly input: UpdateProductDto,
  ) {}
}
