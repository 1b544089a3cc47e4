export { ExportsModule, ExportsWorkerModule } from './exports.module';
