/** Result: the `LocationResource`; `LocationNotFoundError` when the shop has no such location. */
export class GetLocationQuery {
  constructor(
    readonly tenantId: string,
    readonly locationId: string,
  ) {}
}
