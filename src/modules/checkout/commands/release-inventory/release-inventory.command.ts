/** Ends a checkout session's hold, if it has one: its units are available again at once. */
export class ReleaseInventoryCommand {
  constructor(
    readonly tenantId: string,
    readonly sessionId: string,
  ) {}
}
