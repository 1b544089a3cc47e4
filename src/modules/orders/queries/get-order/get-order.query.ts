export class GetOrderQuery {
  constructor(
    readonly tenantId: string,
    readonly orderId: number,
  ) {}
}
