export { HealthChecksService } from './health-checks.service';
export { HealthModule, HealthWorkerModule } from './health.module';
export { isHealthy } from './health-report';
