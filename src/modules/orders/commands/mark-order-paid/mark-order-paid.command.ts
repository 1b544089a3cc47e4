/** Sent when the shop's team records that an order was paid (cash at the counter, a transfer received). */
export class MarkOrderPaidCommand {
  constructor(
    readonly tenantId: string,
    readonly orderId: number,
    readonly userId: string,
  ) {}
}
