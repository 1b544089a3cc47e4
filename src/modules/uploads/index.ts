export { UploadsModule } from './uploads.module';
