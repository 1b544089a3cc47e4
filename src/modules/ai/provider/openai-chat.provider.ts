import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import OpenAI, { APIConnectionError, APIError } from 'openai';
import { Env } from '@config/env.schema';
import { AiJsonAnswer, AiJsonRequest, AiProvider, AiProviderError } from './ai-provider.port';

/**
 * Any OpenAI-compatible chat-completions API (AI_BASE_URL, AI_API_KEY, AI_MODEL) in JSON mode.
 * The SDK bounds each attempt by AI_TIMEOUT_MS and retries connection errors, 408/409/429 and 5xx
 * up to AI_MAX_RETRIES times with backoff; what still fails is classified for the caller.
 */
@Injectable()
export class OpenAiChatProvider extends AiProvider {
  private readonly client: OpenAI | null;
  private readonly model: string;
  private readonly maxOutputTokens: number;

  constructor(config: ConfigService<Env, true>) {
    super();
    const baseURL = config.get('AI_BASE_URL', { infer: true });
    const apiKey = config.get('AI_API_KEY', { infer: true });
    this.model = config.get('AI_MODEL', { infer: true });
    this.maxOutputTokens = config.get('AI_MAX_OUTPUT_TOKENS', { infer: true });
    this.client =
      baseURL && apiKey
        ? new OpenAI({
            baseURL,
            apiKey,
            timeout: config.get('AI_TIMEOUT_MS', { infer: true }),
            maxRetries: config.get('AI_MAX_RETRIES', { infer: true }),
          })
        : null;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  async completeJson(request: AiJsonRequest): Promise<AiJsonAnswer> {
    if (!this.client) throw new AiProviderError('unavailable', 'AI provider not configured');
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create({
        model: this.model,
        // No answer may cost more than this: a prompt that makes the model ramble is bounded.
        max_tokens: this.maxOutputTokens,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
      });
    } catch (error) {
      throw classify(error);
    }
    // An unusable answer still cost its tokens: the caller pays for them (decisions §15).
    const total = completion.usage?.total_tokens;
    const tokensUsed = typeof total === 'number' && Number.isFinite(total) && total >= 0 ? Math.round(total) : null;
    const content = completion.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new AiProviderError('bad-answer', 'The answer has no message content', tokensUsed);
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new AiProviderError('bad-answer', 'The answer is not valid JSON', tokensUsed);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new AiProviderError('bad-answer', 'The answer is not a JSON object', tokensUsed);
    }
    return { json: json as Record<string, unknown>, tokensUsed };
  }
}

function classify(error: unknown): AiProviderError {
  // Connection errors and timeouts (APIConnectionTimeoutError extends APIConnectionError).
  if (error instanceof APIConnectionError) return new AiProviderError('unavailable', `AI provider unreachable: ${error.message}`);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const failure = status === 429 || status >= 500 || status === 408 ? 'unavailable' : 'bad-answer';
    return new AiProviderError(failure, `AI provider answered ${status || 'an error'}`);
  }
  return new AiProviderError('bad-answer', error instanceof Error ? error.message : 'AI provider call failed');
}
