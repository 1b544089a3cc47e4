/**
 * Forgets every browser of the user. Sent with ClaimAccountCommand by a proof of the account's
 * email, in its transaction (decisions §3, §15): the browsers subscribed before the proof are those
 * of whoever held the account until then, and must stop receiving its pushes.
 */
export class ForgetUserPushSubscriptionsCommand {
  constructor(readonly userId: string) {}
}
