import type { EnrichmentParams } from '@modules/ai/domain/prompts';

/** Runs one queued enrichment (worker processes only): the payload of an `ai-enrichment` job. */
export class EnhanceTenantProfileCommand {
  constructor(
    readonly jobId: string,
    readonly tenantId: string,
    /** Who asked for it (the audit's causer and the event's `triggered_by`). */
    readonly userId: string,
    readonly params: EnrichmentParams,
    /** Credits taken at dispatch. */
    readonly credits: number,
    /** Tokens set aside under the daily caps at dispatch; absent on jobs queued before the caps. */
    readonly reservedTokens?: { day: string; tokens: number },
  ) {}
}

export type EnhanceTenantProfileJob = Pick<
  EnhanceTenantProfileCommand,
  'jobId' | 'tenantId' | 'userId' | 'params' | 'credits' | 'reservedTokens'
>;
