/** Onboarding: a signed-in user without a shop creates one and becomes its owner. */
export class CreateTenantCommand {
  constructor(
    readonly userId: string,
    readonly name: string,
  ) {}
}
