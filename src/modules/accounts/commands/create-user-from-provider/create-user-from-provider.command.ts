/** A user signing in with a social provider for the first time: the account is created without a tenant. */
export class CreateUserFromProviderCommand {
  constructor(
    readonly input: {
      name: string;
      email: string;
      avatarUrl: string | null;
      /** The provider itself reported the email: the account starts with it verified. */
      emailVerified: boolean;
    },
  ) {}
}

/** The fields of an account that sign-in flows answer with. */
export interface AccountSummary {
  id: string;
  name: string;
  email: string;
  tenantId: string | null;
  avatarUrl: string | null;
}
