/**
 * Sent by a proof of the account's email (a correct one-time code for it, a sign-in whose provider
 * vouches for it), in the transaction of that proof (decisions §3, "Linking and claiming accounts").
 */
export class ClaimAccountCommand {
  constructor(readonly userId: string) {}
}

/**
 * `claimed`: the email had never been proven, so every earlier bearer token of the account was
 * revoked; the sender removes what else was attached before the proof (its social links).
 */
export interface ClaimAccountResult {
  claimed: boolean;
}
