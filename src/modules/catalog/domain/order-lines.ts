import type { Cents } from '@common/money/money';

/** A cart or order line as clients send it. */
export interface StockLine {
  product_id: number;
  quantity: number;
}

/** An order line priced from the catalog. */
export interface PricedLine {
  productId: number;
  name: string;
  price: Cents;
  quantity: number;
  categoryId: number | null;
}

/** `items.N.product_id` for every line whose product is not an active product of the shop. */
export function invalidProductLines(items: readonly StockLine[], isActive: (productId: number) => boolean): Record<string, string[]> {
  const invalid: Record<string, string[]> = {};
  items.forEach((item, index) => {
    if (!isActive(item.product_id)) invalid[`items.${index}.product_id`] = ['The selected product is invalid.'];
  });
  return invalid;
}
