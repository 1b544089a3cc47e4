import { isoTimestamps } from '@common/util/timestamps';
import type { CategoryRow } from '@modules/catalog/persistence/categories.repository';
import type { CategoryResource } from './category.dto';

export function toCategoryResource(row: CategoryRow): CategoryResource {
  return { id: row.id, name: row.name, slug: row.slug, position: row.position, product_count: row.product_count, ...isoTimestamps(row) };
}
