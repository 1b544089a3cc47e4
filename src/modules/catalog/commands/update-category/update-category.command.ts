import type { UpdateCategoryDto } from '@modules/catalog/dto/category.dto';

/** Renames or moves one of the shop's categories (a new name gives a new slug); 404 when the shop has no such category. */
export class UpdateCategoryCommand {
  constructor(
    readonly tenantId: string,
    readonly categoryId: number,
    readonly input: UpdateCategoryDto,
  ) {}
}
