/** Forgets one browser of the user, named by its id; another user's id, or an unknown one, is a 404. */
export class DeletePushSubscriptionByIdCommand {
  constructor(
    readonly userId: string,
    readonly subscriptionId: string,
  ) {}
}
