/** The super admin's top-up of a shop's AI budget (HTTP admin route and CLI). */
export class AddAiCreditsCommand {
  constructor(
    /** The shop's UUID, or (from the CLI) its slug. */
    readonly tenant: string,
    readonly credits: number,
  ) {}
}

/** Null when no shop has that id (or slug). */
export type AddAiCreditsResult = { tenantId: string; aiCredits: number } | null;
