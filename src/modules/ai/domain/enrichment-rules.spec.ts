import { enrichmentRejection } from './enrichment-rules';

const eligible = { subscriptionStatus: 'active' as const, archived: false, userId: 'owner', isAiEnhanced: false };

describe('enrichmentRejection', () => {
  it('lets an active, owned, not yet enhanced shop through', () => {
    expect(enrichmentRejection(eligible, false)).toBeNull();
  });

  it.each(['canceled', 'past_due'] as const)('refuses a %s subscription as suspended', (subscriptionStatus) => {
    expect(enrichmentRejection({ ...eligible, subscriptionStatus }, true)?.code).toBe('cannotEnhanceSuspendedProfile');
  });

  it.each(['trialing', 'active', 'expired'] as const)('lets a %s subscription through', (subscriptionStatus) => {
    expect(enrichmentRejection({ ...eligible, subscriptionStatus }, false)).toBeNull();
  });

  it('refuses an archived shop, an unowned one, and an enhanced one unless re-enhancement is allowed', () => {
    expect(enrichmentRejection({ ...eligible, archived: true }, true)?.code).toBe('cannotEnhanceArchivedProfile');
    expect(enrichmentRejection({ ...eligible, userId: null }, true)?.code).toBe('cannotEnhanceWithoutOwner');
    const enhanced = { ...eligible, isAiEnhanced: true };
    expect(enrichmentRejection(enhanced, false)).toMatchObject({
      code: 'alreadyEnhanced',
      status: 409,
      body: { error_code: 'alreadyEnhanced' },
    });
    expect(enrichmentRejection(enhanced, true)).toBeNull();
  });

  it('names the reason no retry can fix first', () => {
    expect(enrichmentRejection({ subscriptionStatus: 'canceled', archived: true, userId: null, isAiEnhanced: true }, false)?.code).toBe(
      'cannotEnhanceArchivedProfile',
    );
  });
});
