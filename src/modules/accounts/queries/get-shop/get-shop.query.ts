export class GetShopQuery {
  constructor(readonly tenantId: string) {}
}
