/** Deletes a product no order refers to; 404 when the shop has no such product, 409 `product_in_use` otherwise. */
export class DeleteProductCommand {
  constructor(
    readonly tenantId: string,
    readonly productId: number,
  ) {}
}
