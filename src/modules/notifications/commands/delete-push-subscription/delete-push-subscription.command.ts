/** Forgets one browser of the user; an endpoint the user has not registered is already forgotten. */
export class DeletePushSubscriptionCommand {
  constructor(
    readonly userId: string,
    readonly endpoint: string,
  ) {}
}
