/**
 * Only the CLI sends it (decisions §11): the one way to make a user a super admin. An account whose
 * email was never proven (by a one-time code or a verified social sign-in) may belong to whoever
 * typed the address, so it is refused unless `force` (decisions §15).
 */
export class GrantSuperAdminCommand {
  constructor(
    readonly email: string,
    readonly force = false,
  ) {}
}

/** Null when no user has that email; `unverified` when refused for an unproven email without `force`. */
export type GrantSuperAdminResult =
  { outcome: 'granted'; id: string; email: string; emailVerified: boolean } | { outcome: 'unverified'; id: string; email: string } | null;
