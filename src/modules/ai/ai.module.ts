import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { AiAdminController } from './ai-admin.controller';
import { AiAuditLog } from './ai-audit.log';
import { AiController } from './ai.controller';
import { AiJobsStore } from './ai-jobs.store';
import { EnhanceTenantProfileHandler } from './commands/enhance-tenant-profile/enhance-tenant-profile.handler';
import { GenerateContentHandler } from './commands/generate-content/generate-content.handler';
import { OptimizeProfileHandler } from './commands/optimize-profile/optimize-profile.handler';
import { AiEnrichmentProcessor } from './jobs/ai-enrichment.processor';
import { AI_ENRICHMENT_QUEUE } from './jobs/ai-enrichment.queue';
import { AiProvider } from './provider/ai-provider.port';
import { OpenAiChatProvider } from './provider/openai-chat.provider';
import { AiJobsQueries } from './queries/ai-jobs.queries';

const PROVIDER = { provide: AiProvider, useClass: OpenAiChatProvider };

/** AI enrichment: the endpoints, dispatch (rules, credits, the `ai_jobs` row) and the super admin's top-up. */
@Module({
  imports: [BullModule.registerQueue({ name: AI_ENRICHMENT_QUEUE })],
  controllers: [AiController, AiAdminController],
  providers: [PROVIDER, AiJobsStore, AiJobsQueries, OptimizeProfileHandler, GenerateContentHandler],
})
export class AiModule {}

/** The enrichment jobs themselves: worker processes only. */
@Module({
  imports: [BullModule.registerQueue({ name: AI_ENRICHMENT_QUEUE })],
  providers: [PROVIDER, AiJobsStore, AiAuditLog, EnhanceTenantProfileHandler, AiEnrichmentProcessor],
})
export class AiWorkerModule {}
