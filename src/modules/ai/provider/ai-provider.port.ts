/** One JSON-mode chat completion: instructions and the request, both plain text. */
export interface AiJsonRequest {
  system: string;
  user: string;
}

export interface AiJsonAnswer {
  /** The answer, parsed: always a JSON object. */
  json: Record<string, unknown>;
  /** The provider's `usage.total_tokens`; null when it reported none. */
  tokensUsed: number | null;
}

/**
 * Why a call failed: `unavailable` (unreachable, timed out, 5xx or 429 after the retries) is worth
 * trying again later; `bad-answer` (an answer that is not a JSON object, or a 4xx refusal) is not.
 */
export type AiProviderFailure = 'unavailable' | 'bad-answer';

export class AiProviderError extends Error {
  constructor(
    readonly failure: AiProviderFailure,
    message: string,
    /** The usage the provider reported with an answer that could not be used; null when none. */
    readonly tokensUsed: number | null = null,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

/**
 * The AI provider (a side effect behind a port): the one adapter speaks the OpenAI chat-completions
 * API. Every call is bounded by `max_tokens` (AI_MAX_OUTPUT_TOKENS).
 */
export abstract class AiProvider {
  /** False when no provider is configured: nothing may be spent on a call that cannot happen. */
  abstract get configured(): boolean;

  /** Throws AiProviderError; never returns anything but a parsed JSON object. */
  abstract completeJson(request: AiJsonRequest): Promise<AiJsonAnswer>;
}
