/** Only the CLI sends it (decisions §11): the one way to make a user a super admin. */
export class GrantSuperAdminCommand {
  constructor(readonly email: string) {}
}

/** Null when no user has that email. */
export type GrantSuperAdminResult = { id: string; email: string } | null;
