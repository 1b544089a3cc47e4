import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Env } from '@config/env.schema';
import { inTransaction } from '@infra/database/transaction';
import { AiCreditsLedger } from '@modules/accounts';
import { AiDailyTokensStore, type TokenReservation } from '@modules/ai/ai-daily-tokens.store';
import {
  AiBudgetExhaustedError,
  AiNotConfiguredError,
  AiProviderBadAnswerError,
  AiProviderUnavailableError,
} from '@modules/ai/domain/ai.errors';
import { generatedContent } from '@modules/ai/domain/generated-content';
import { generationPrompt } from '@modules/ai/domain/prompts';
import { creditsSpentFor } from '@modules/ai/domain/spending';
import { AiJsonAnswer, AiProvider, AiProviderError } from '@modules/ai/provider/ai-provider.port';
import { GenerateContentCommand, GenerateContentResult } from './generate-content.command';

/**
 * Takes the credits and reserves the call's tokens under the daily caps first (committed, so
 * concurrent calls can overspend neither while the provider is thinking), calls the provider, then
 * settles the tokens to the reported usage. A failed call gives the credits back only when the
 * provider reported no usage (decisions §15): 503 when it is unavailable, 502 when its answer is
 * unusable.
 */
@CommandHandler(GenerateContentCommand)
export class GenerateContentHandler implements ICommandHandler<GenerateContentCommand, GenerateContentResult> {
  private readonly creditsPerCall: number;
  private readonly exhaustedStatus: 402 | 403;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly provider: AiProvider,
    private readonly ledger: AiCreditsLedger,
    private readonly dailyTokens: AiDailyTokensStore,
    config: ConfigService<Env, true>,
  ) {
    this.creditsPerCall = config.get('AI_CREDITS_PER_CALL', { infer: true });
    this.exhaustedStatus = config.get('AI_BUDGET_EXHAUSTED_STATUS', { infer: true });
  }

  async execute({ tenantId, brief }: GenerateContentCommand): Promise<GenerateContentResult> {
    if (!this.provider.configured) throw new AiNotConfiguredError();
    const credits = this.creditsPerCall;
    const prompt = generationPrompt(brief);
    const reservation = await inTransaction(this.dataSource, async (manager) => {
      if ((await this.ledger.take(manager, tenantId, credits)) === null) throw new AiBudgetExhaustedError(this.exhaustedStatus);
      return this.dailyTokens.reserve(manager, tenantId, prompt);
    });

    let answer: AiJsonAnswer;
    try {
      answer = await this.provider.completeJson(prompt);
    } catch (error) {
      const tokensUsed = error instanceof AiProviderError ? error.tokensUsed : null;
      const spent = creditsSpentFor(tokensUsed);
      await this.settle(reservation, tokensUsed ?? 0, spent ? 0 : credits);
      if (error instanceof AiProviderError && error.failure === 'unavailable') throw new AiProviderUnavailableError();
      if (error instanceof AiProviderError) throw new AiProviderBadAnswerError(spent);
      throw error;
    }
    const content = generatedContent(brief.type, answer.json);
    const spent = content !== null || creditsSpentFor(answer.tokensUsed);
    await this.settle(reservation, answer.tokensUsed, spent ? 0 : credits);
    if (content === null) throw new AiProviderBadAnswerError(spent);
    return { content, tokensUsed: answer.tokensUsed };
  }

  /** The call's real token cost, and the credits given back (0: none). */
  private settle(reservation: TokenReservation, tokensUsed: number | null, creditsBack: number): Promise<void> {
    // The credits (the shop's row) before the tokens: the order in which dispatch locks them.
    return inTransaction(this.dataSource, async (manager) => {
      if (creditsBack > 0) await this.ledger.giveBack(manager, reservation.tenantId, creditsBack);
      await this.dailyTokens.settle(manager, reservation, tokensUsed);
    });
  }
}
