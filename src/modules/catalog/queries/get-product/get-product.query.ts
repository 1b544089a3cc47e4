/** Result: the `ProductResource`; `ProductNotFoundError` when the shop has no such product. */
export class GetProductQuery {
  constructor(
    readonly tenantId: string,
    readonly productId: number,
  ) {}
}
