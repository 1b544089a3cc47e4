/**
 * Disconnects every provider login from an account. Sent with ClaimAccountCommand by a proof of the
 * account's email, in its transaction, when the claim succeeded: logins connected before the proof
 * may belong to whoever registered the address (decisions §3). Answers how many were removed.
 */
export class RemoveSocialLinksCommand {
  constructor(readonly userId: string) {}
}
