/** Result: the `CategoryResource`; `CategoryNotFoundError` when the shop has no such category. */
export class GetCategoryQuery {
  constructor(
    readonly tenantId: string,
    readonly categoryId: number,
  ) {}
}
