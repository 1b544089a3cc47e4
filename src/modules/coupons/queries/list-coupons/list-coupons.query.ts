export const COUPONS_PER_PAGE = 50;

/** Result: one page of the shop's coupons, newest first, and how many it has in all. */
export class ListCouponsQuery {
  constructor(
    readonly tenantId: string,
    readonly page: number,
  ) {}
}
