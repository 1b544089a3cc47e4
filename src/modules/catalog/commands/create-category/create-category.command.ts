import type { CreateCategoryDto } from '@modules/catalog/dto/category.dto';

/** Adds a category to the shop (its slug made from the name, last unless a position is given); the handler answers with its `CategoryResource`. */
export class CreateCategoryCommand {
  constructor(
    readonly tenantId: string,
    readonly input: CreateCategoryDto,
  ) {}
}
