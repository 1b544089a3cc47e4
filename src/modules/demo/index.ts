export { DemoModule } from './demo.module';
export { DemoSeedService } from './demo-seed.service';
