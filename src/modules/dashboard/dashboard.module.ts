import { Module } from '@nestjs/common';
import { DashboardFiles } from './dashboard-files';
import { DashboardPageController } from './dashboard-page.controller';

/** The merchant dashboard's files (dashboard/, built into dist/dashboard/), served at /dashboard/. */
@Module({
  controllers: [DashboardPageController],
  providers: [DashboardFiles],
})
export class DashboardModule {}
