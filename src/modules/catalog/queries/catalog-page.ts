/** Merchant lists (products, locations) come 50 a page, newest first. */
export const CATALOG_PER_PAGE = 50;
