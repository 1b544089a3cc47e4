/** Deletes one of the shop's locations (its orders keep their data and lose the link); 404 when there is no such location. */
export class DeleteLocationCommand {
  constructor(
    readonly tenantId: string,
    readonly locationId: string,
  ) {}
}
