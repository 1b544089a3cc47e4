import type { EnrichmentParams } from '@modules/ai/domain/prompts';

/** POST /ai/optimize-profile: checks the rules, takes the credits and queues the enrichment. */
export class OptimizeProfileCommand {
  constructor(
    readonly tenantId: string,
    readonly userId: string,
    readonly params: EnrichmentParams,
  ) {}
}

export interface OptimizeProfileResult {
  jobId: string;
  remainingCredits: number;
}
