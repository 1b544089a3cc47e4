/** Result: the signed-in user (`UserEntity`); UnauthenticatedError when the account is gone. */
export class GetCurrentUserQuery {
  constructor(readonly userId: string) {}
}
