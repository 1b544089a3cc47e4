import type { StockLine } from '@modules/catalog';

/**
 * Stores the cart's lines (each an active product of the shop, else a 422 on `items.N.product_id`)
 * on the checkout session, product ids and quantities only, creating it for `clientIp` when it has none.
 */
export class SyncCartCommand {
  constructor(
    readonly tenantId: string,
    readonly sessionId: string,
    readonly items: StockLine[],
    /** The signed-in user, remembered on the session. */
    readonly userId: string | undefined,
    /** The client asking (`RequestContext.ip`): one client's live checkout sessions are bounded. */
    readonly clientIp: string,
  ) {}
}
