import type { PageWindow } from '@common/http/pagination';

export const COUPONS_PER_PAGE = 50;

/** Result: the rows of one page of the shop's coupons, newest first. */
export class ListCouponsQuery {
  constructor(
    readonly tenantId: string,
    readonly window: PageWindow,
  ) {}
}

/** How many coupons the shop has, from the counters. */
export class CountCouponsQuery {
  constructor(readonly tenantId: string) {}
}
