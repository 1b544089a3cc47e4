export { ExportsModule, ExportsWorkerModule } from './exports.module';
export { ExportRequested } from './domain/export-requested.event';
