import type { StockLine } from '@modules/catalog';

/** Reserves the cart's stock for a checkout session; the named location, else the shop's primary one, must be active. */
export class HoldInventoryCommand {
  constructor(
    readonly tenantId: string,
    readonly sessionId: string,
    readonly items: StockLine[],
    readonly locationId: string | undefined,
    /** The client asking (`RequestContext.ip`): one client's live holding sessions are bounded. */
    readonly clientIp: string,
  ) {}
}

export interface HoldResult {
  sessionId: string;
  expiresAt: Date;
}
