import { DomainError, NotFoundError, ServiceUnavailableError } from '@common/errors/domain.error';

/**
 * The four enrichment rules (spec 7): each a named exception whose name is the body's
 * `error_code`, so a client can tell them apart. `alreadyEnhanced` is a conflict with the
 * profile's state (409); the other three say the shop cannot be enriched at all (422).
 */
export abstract class EnrichmentRejectedError extends DomainError {
  protected constructor(name: string, message: string, status: 409 | 422) {
    super(name, message, status, { error_code: name });
  }
}

export class CannotEnhanceSuspendedProfileError extends EnrichmentRejectedError {
  constructor() {
    super('cannotEnhanceSuspendedProfile', "The shop's subscription is canceled or past due: its profile cannot be enhanced.", 422);
  }
}

export class CannotEnhanceArchivedProfileError extends EnrichmentRejectedError {
  constructor() {
    super('cannotEnhanceArchivedProfile', 'The shop is archived: its profile cannot be enhanced.', 422);
  }
}

export class CannotEnhanceWithoutOwnerError extends EnrichmentRejectedError {
  constructor() {
    super('cannotEnhanceWithoutOwner', 'The shop has no owner: its profile cannot be enhanced.', 422);
  }
}

export class AlreadyEnhancedError extends EnrichmentRejectedError {
  constructor() {
    super('alreadyEnhanced', 'The profile is already AI-enhanced. Send allow_reenhancement: true to enhance it again.', 409);
  }
}

/** The shop's credits are spent (decisions §8): AI_BUDGET_EXHAUSTED_STATUS, 402 or 403. */
export class AiBudgetExhaustedError extends DomainError {
  constructor(status: 402 | 403) {
    super('ai_budget_exhausted', "The shop's AI credits are spent. Ask the platform administrator for more.", status);
  }
}

/** AI_BASE_URL or AI_API_KEY is empty. */
export class AiNotConfiguredError extends ServiceUnavailableError {
  constructor() {
    super('AI generation is not available on this server.');
  }
}

/** The provider could not be reached, timed out, or kept failing after the retries. */
export class AiProviderUnavailableError extends ServiceUnavailableError {
  constructor() {
    super('The AI provider is not available right now. No credit was spent; try again later.');
  }
}

/** The provider answered, but not with what was asked for (not JSON, wrong shape, refused the request). */
export class AiProviderBadAnswerError extends DomainError {
  /** `creditSpent`: the provider reported the tokens it used for it, so the credit stays spent (decisions §15). */
  constructor(creditSpent: boolean) {
    super(
      'ai_bad_answer',
      creditSpent
        ? 'The AI provider gave an unusable answer. Its tokens were used, so the credit was spent.'
        : 'The AI provider gave an unusable answer. No credit was spent; try again.',
      502,
    );
  }
}

export const AI_JOB_NOT_FOUND = 'AI job not found.';

export class AiJobNotFoundError extends NotFoundError {
  constructor() {
    super(AI_JOB_NOT_FOUND);
  }
}

/** A shop's or the platform's daily token cap (AI_DAILY_TOKEN_CAP, AI_GLOBAL_DAILY_TOKEN_CAP) would be passed: 429. */
export class AiTokenCapReachedError extends DomainError {
  constructor(scope: 'tenant' | 'platform') {
    super(
      'ai_token_cap_reached',
      scope === 'tenant'
        ? "The shop has used today's AI allowance. No credit was spent; try again tomorrow (UTC)."
        : "Today's AI allowance of the platform is used up. No credit was spent; try again tomorrow (UTC).",
      429,
    );
  }
}

/**
 * The caller's email was never proven (docs/ai.md "Who may use AI"): throw-away accounts cannot
 * spend the platform's AI budget.
 */
export class EmailNotVerifiedError extends DomainError {
  constructor() {
    super('email_not_verified', 'Verify your email address to use AI features: request a one-time code and enter it.', 403);
  }
}
