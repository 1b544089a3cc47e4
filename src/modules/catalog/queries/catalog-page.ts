/** Merchant lists (products, locations) come 50 a page, newest first. */
export const CATALOG_PER_PAGE = 50;

export function pageOffset(page: number): number {
  return (page - 1) * CATALOG_PER_PAGE;
}
