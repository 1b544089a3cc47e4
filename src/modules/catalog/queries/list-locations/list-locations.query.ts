import type { PageWindow } from '@common/http/pagination';

/** Result: the rows of one page of the shop's locations, newest first. */
export class ListLocationsQuery {
  constructor(
    readonly tenantId: string,
    readonly window: PageWindow,
  ) {}
}

/** How many locations the shop has, from the counters. */
export class CountLocationsQuery {
  constructor(readonly tenantId: string) {}
}
