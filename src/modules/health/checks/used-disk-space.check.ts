import { statfs } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Env } from '@config/env.schema';
import { HealthCheck } from '../domain/health-report';

/** Warns above HEALTH_DISK_WARN_PERCENT (70) and fails above HEALTH_DISK_FAIL_PERCENT (90) used. */
@Injectable()
export class UsedDiskSpaceCheck implements HealthCheck {
  readonly name = 'UsedDiskSpace';

  constructor(private readonly config: ConfigService<Env, true>) {}

  async run() {
    const path = this.config.get('HEALTH_DISK_PATH', { infer: true });
    const warnAbove = this.config.get('HEALTH_DISK_WARN_PERCENT', { infer: true });
    const failAbove = this.config.get('HEALTH_DISK_FAIL_PERCENT', { infer: true });
    const stats = await statfs(path);
    // As df reports it: blocks available to unprivileged users count as free.
    const used = stats.blocks - stats.bfree;
    const percent = Math.round((used / (used + stats.bavail)) * 100);
    const meta = { disk_space_used_percentage: percent, path };
    const summary = `${percent}%`;
    if (percent > failAbove) {
      return { status: 'failed' as const, notificationMessage: `The disk is almost full (${percent}% used).`, shortSummary: summary, meta };
    }
    if (percent > warnAbove) {
      return {
        status: 'warning' as const,
        notificationMessage: `The disk is almost full (${percent}% used).`,
        shortSummary: summary,
        meta,
      };
    }
    return { status: 'ok' as const, notificationMessage: '', shortSummary: summary, meta };
  }
}
