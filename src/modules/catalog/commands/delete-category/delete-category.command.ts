/** Deletes one of the shop's categories (its products stay, uncategorised); 404 when there is no such category. */
export class DeleteCategoryCommand {
  constructor(
    readonly tenantId: string,
    readonly categoryId: number,
  ) {}
}
