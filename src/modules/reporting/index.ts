export { ReportingModule, ReportingWorkerModule } from './reporting.module';
export { ReportingQueries } from './queries/reporting.queries';
