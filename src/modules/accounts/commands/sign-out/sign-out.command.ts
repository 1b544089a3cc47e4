/** Revokes the bearer token the request was made with; its next use is a 401. */
export class SignOutCommand {
  constructor(readonly tokenId: string) {}
}
