export { AnalyticsModule, AnalyticsWorkerModule } from './analytics.module';
