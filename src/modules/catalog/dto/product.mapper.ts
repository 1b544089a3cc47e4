import { centsToNumber, toCents } from '@common/money/money';
import { isoTimestamps } from '@common/util/timestamps';
import type { ProductRow } from '@modules/catalog/persistence/products.rows';
import type { ProductResource } from './product.dto';

export function toProductResource(row: ProductRow): ProductResource {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image_url: row.image_url,
    price: centsToNumber(toCents(row.price)),
    category_id: row.category_id,
    stock: row.stock,
    is_active: row.is_active,
    ...isoTimestamps(row),
  };
}
