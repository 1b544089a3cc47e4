import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Env } from '@config/env.validation';
import { inTransaction } from '@infra/database/transaction';
import { AiCreditsLedger } from '@modules/accounts';
import {
  AiBudgetExhaustedError,
  AiNotConfiguredError,
  AiProviderBadAnswerError,
  AiProviderUnavailableError,
} from '@modules/ai/domain/ai.errors';
import { generatedContent } from '@modules/ai/domain/generated-content';
import { generationPrompt } from '@modules/ai/domain/prompts';
import { AiProvider, AiProviderError } from '@modules/ai/provider/ai-provider.port';
import { GenerateContentCommand, GenerateContentResult } from './generate-content.command';

/**
 * Takes the credits first (committed, so concurrent calls cannot overspend while the provider is
 * thinking), calls the provider, and gives them back when it fails: 503 when it is unavailable,
 * 502 when its answer is unusable.
 */
@CommandHandler(GenerateContentCommand)
export class GenerateContentHandler implements ICommandHandler<GenerateContentCommand, GenerateContentResult> {
  private readonly creditsPerCall: number;
  private readonly exhaustedStatus: 402 | 403;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly provider: AiProvider,
    private readonly ledger: AiCreditsLedger,
    config: ConfigService<Env, true>,
  ) {
    this.creditsPerCall = config.get('AI_CREDITS_PER_CALL', { infer: true });
    this.exhaustedStatus = config.get('AI_BUDGET_EXHAUSTED_STATUS', { infer: true });
  }

  async execute({ tenantId, brief }: GenerateContentCommand): Promise<GenerateContentResult> {
    if (!this.provider.configured) throw new AiNotConfiguredError();
    const credits = this.creditsPerCall;
    const remaining = await inTransaction(this.dataSource, (manager) => this.ledger.take(manager, tenantId, credits));
    if (remaining === null) throw new AiBudgetExhaustedError(this.exhaustedStatus);
    try {
      const answer = await this.provider.completeJson(generationPrompt(brief));
      const content = generatedContent(brief.type, answer.json);
      if (content === null) throw new AiProviderError('bad-answer', 'The answer has no usable content');
      return { content, tokensUsed: answer.tokensUsed };
    } catch (error) {
      await inTransaction(this.dataSource, (manager) => this.ledger.giveBack(manager, tenantId, credits));
      if (error instanceof AiProviderError && error.failure === 'unavailable') throw new AiProviderUnavailableError();
      if (error instanceof AiProviderError) throw new AiProviderBadAnswerError();
      throw error;
    }
  }
}
