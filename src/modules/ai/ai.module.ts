import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { AiAdminController } from './ai-admin.controller';
import { AiDailyTokensStore } from './ai-daily-tokens.store';
import { AiController } from './ai.controller';
import { AiJobsStore } from './ai-jobs.store';
import { AiAuditLogRepository } from './persistence/ai-audit-log.repository';
import { AiDailyTokensRepository } from './persistence/ai-daily-tokens.repository';
import { AiJobsRepository } from './persistence/ai-jobs.repository';
import { EnhanceTenantProfileHandler } from './commands/enhance-tenant-profile/enhance-tenant-profile.handler';
import { GenerateContentHandler } from './commands/generate-content/generate-content.handler';
import { OptimizeProfileHandler } from './commands/optimize-profile/optimize-profile.handler';
import { AiEnrichmentRequestedConsumer } from './consumers/ai-enrichment-requested.consumer';
import { AiEnrichmentProcessor } from './jobs/ai-enrichment.processor';
import { AI_ENRICHMENT_QUEUE } from './jobs/ai-enrichment.queue';
import { AiProvider } from './provider/ai-provider.port';
import { OpenAiChatProvider } from './provider/openai-chat.provider';
import { GetAiJobHandler } from './queries/get-ai-job/get-ai-job.handler';

const PROVIDER = { provide: AiProvider, useClass: OpenAiChatProvider };

/**
 * AI enrichment: the endpoints, dispatch (rules, credits, tokens under the daily caps, the `ai_jobs`
 * row and its outbox event) and the super admin's top-up.
 */
@Module({
  controllers: [AiController, AiAdminController],
  providers: [
    PROVIDER,
    AiDailyTokensRepository,
    AiDailyTokensStore,
    AiJobsRepository,
    AiJobsStore,
    GetAiJobHandler,
    OptimizeProfileHandler,
    GenerateContentHandler,
  ],
})
export class AiModule {}

/** Queueing the requested enrichments and running them: worker processes only. */
@Module({
  imports: [BullModule.registerQueue({ name: AI_ENRICHMENT_QUEUE })],
  providers: [
    PROVIDER,
    AiDailyTokensRepository,
    AiDailyTokensStore,
    AiJobsRepository,
    AiJobsStore,
    AiAuditLogRepository,
    AiEnrichmentRequestedConsumer,
    EnhanceTenantProfileHandler,
    AiEnrichmentProcessor,
  ],
})
export class AiWorkerModule {}
