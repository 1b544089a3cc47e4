export { AiModule, AiWorkerModule } from './ai.module';
export {
  ENRICHABLE_FIELDS,
  type EnrichableField,
  TenantProfileEnhanced,
  type TenantProfileEnhancedPayload,
} from './domain/tenant-profile-enhanced.event';
