import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export type SecurityEvent = 'TENANT_OWNERSHIP_VIOLATION' | 'WEBHOOK_SIGNATURE_REJECTED';

export interface SecurityEntry {
  userId?: string | null;
  tenantId?: string | null;
  resourceType?: string | null;
  resourceId?: string | number | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Append-only record of refused access, for audits and alerting. Never fails the request it describes. */
@Injectable()
export class SecurityLogService {
  private readonly logger = new Logger('SecurityLog');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(event: SecurityEvent, entry: SecurityEntry): Promise<void> {
    this.logger.warn({ securityEvent: event, ...entry }, event);
    await this.dataSource
      .query(
        `INSERT INTO security_log (event, user_id, tenant_id, resource_type, resource_id, ip, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          event,
          entry.userId ?? null,
          entry.tenantId ?? null,
          entry.resourceType ?? null,
          entry.resourceId === undefined || entry.resourceId === null ? null : String(entry.resourceId),
          entry.ip ?? null,
          entry.details ?? {},
        ],
      )
      .catch((error) => this.logger.error({ err: error, securityEvent: event }, 'Could not write the security log'));
  }
}
