import { centsToNumber, toCents } from '@common/money/money';
import { isoTimestamps } from '@common/util/timestamps';
import type { ProductResource } from './product.dto';

export interface ProductRow {
  id: number;
  name: string;
  price: string;
  category_id: number | null;
  stock: number | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export const PRODUCT_COLUMNS = 'id, name, price, category_id, stock, is_active, created_at, updated_at';

export function toProductResource(row: ProductRow): ProductResource {
  return {
    id: row.id,
    name: row.name,
    price: centsToNumber(toCents(row.price)),
    category_id: row.category_id,
    stock: row.stock,
    is_active: row.is_active,
    ...isoTimestamps(row),
  };
}
