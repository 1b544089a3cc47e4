export class GetOverviewQuery {
  constructor(
    readonly tenantId: string,
    /** An IANA name Intl knows. */
    readonly timeZone: string,
  ) {}
}
