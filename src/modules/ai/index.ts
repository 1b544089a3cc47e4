export { AiModule, AiWorkerModule } from './ai.module';
export { TenantProfileEnhanced, type TenantProfileEnhancedPayload } from './domain/tenant-profile-enhanced.event';
export { AiEnrichmentRequested } from './domain/ai-enrichment-requested.event';
