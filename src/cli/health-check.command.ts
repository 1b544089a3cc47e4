import { Command, CommandRunner } from 'nest-commander';
import { HealthChecksService, isHealthy } from '@modules/health';

@Command({ name: 'health:check', description: 'Run the health checks now and refresh the cached /health report' })
export class HealthCheckCommand extends CommandRunner {
  constructor(private readonly checks: HealthChecksService) {
    super();
  }

  async run(): Promise<void> {
    const report = await this.checks.refresh();
    for (const result of report.checkResults) {
      const detail = result.notificationMessage ? ` (${result.notificationMessage})` : '';
      console.log(`${result.status.padEnd(8)} ${result.name}: ${result.shortSummary}${detail}`);
    }
    if (!isHealthy(report)) process.exitCode = 1;
  }
}
