import type { CreateProductDto } from '@modules/catalog/dto/product.dto';

/** Adds a product to the shop; the handler answers with its `ProductResource`. */
export class CreateProductCommand {
  constructor(
    readonly tenantId: string,
    readonly input: CreateProductDto,
  ) {}
}
