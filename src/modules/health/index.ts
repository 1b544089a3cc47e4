export { isHealthy } from './domain/health-report';
export { HealthChecksService } from './health-checks.service';
export { HealthModule, HealthWorkerModule } from './health.module';
