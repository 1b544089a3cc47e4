/**
 * Decisions §15: a call's credits are spent whenever the provider reported token usage, also when
 * its answer could not be used (the provider did the work, and a client must not be able to buy
 * answers for free by asking for unusable ones); they are given back only when no token was used.
 */
export function creditsSpentFor(tokensUsed: number | null): boolean {
  return tokensUsed !== null && tokensUsed > 0;
}
