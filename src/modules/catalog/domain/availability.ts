/** What a shopper sees of a product's stock (decisions §18): never the exact units. */
export const AVAILABILITIES = ['in_stock', 'low_stock', 'sold_out'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** At most this many units available reads `low_stock`. */
export const LOW_STOCK_UNITS = 5;

/**
 * Units that can still be ordered: stock less the units live checkout holds keep, never below 0;
 * null when the product's stock is not tracked. The one definition the checkout's holds and the
 * storefront share (`InventoryService.available`, `ProductsRepository.storefrontPage`).
 */
export function availableUnits(stock: number | null, held: number): number | null {
  return stock === null ? null : Math.max(0, stock - held);
}

export function availabilityOf(available: number | null): Availability {
  if (available === null) return 'in_stock';
  if (available === 0) return 'sold_out';
  return available <= LOW_STOCK_UNITS ? 'low_stock' : 'in_stock';
}
