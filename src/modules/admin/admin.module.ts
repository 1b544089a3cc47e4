import { Module } from '@nestjs/common';
import { ArchitectureHealthController } from './architecture-health.controller';
import { ArchitectureHealthPageController } from './page/architecture-health-page.controller';
import { ArchitectureHealthReader } from './queries/architecture-health.reader';

/** The platform operators' pages (super admins): reads only, through infra services and other modules' public reads. */
@Module({
  controllers: [ArchitectureHealthController, ArchitectureHealthPageController],
  providers: [ArchitectureHealthReader],
})
export class AdminModule {}
