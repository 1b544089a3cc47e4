import type { TenantProfile } from '@modules/accounts';
import {
  AlreadyEnhancedError,
  CannotEnhanceArchivedProfileError,
  CannotEnhanceSuspendedProfileError,
  CannotEnhanceWithoutOwnerError,
  EnrichmentRejectedError,
} from './ai.errors';

const SUSPENDED = new Set(['canceled', 'past_due']);

type RuleInput = Pick<TenantProfile, 'subscriptionStatus' | 'archived' | 'userId' | 'isAiEnhanced'>;

/**
 * Why the shop's profile may not be enriched now, or null when it may (spec 3): checked at
 * dispatch and again when the job runs, since the shop can change in between. The order decides
 * which reason a shop failing several rules hears: the ones no retry can fix come first.
 */
export function enrichmentRejection(tenant: RuleInput, allowReenhancement: boolean): EnrichmentRejectedError | null {
  if (tenant.archived) return new CannotEnhanceArchivedProfileError();
  if (SUSPENDED.has(tenant.subscriptionStatus)) return new CannotEnhanceSuspendedProfileError();
  if (tenant.userId === null) return new CannotEnhanceWithoutOwnerError();
  if (tenant.isAiEnhanced && !allowReenhancement) return new AlreadyEnhancedError();
  return null;
}
