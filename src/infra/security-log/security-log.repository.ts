import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SecurityLogStore } from '@common/security/security-log.store';

/** Every statement on `security_log` (no feature owns it: the guards of common/ and payments write it). */
@Injectable()
export class SecurityLogRepository implements SecurityLogStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async append(columns: readonly unknown[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO security_log (event, user_id, tenant_id, resource_type, resource_id, ip, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [...columns],
    );
  }

  /**
   * The unique index on (event, ip, window_start) turns concurrent first writes from any number of
   * instances into one insert and increments: INSERT … ON CONFLICT DO UPDATE waits for the row it
   * collides with.
   */
  async countInMinute(columns: readonly unknown[]): Promise<boolean> {
    const rows: Array<{ first: boolean }> = await this.dataSource.query(
      `INSERT INTO security_log (event, user_id, tenant_id, resource_type, resource_id, ip, details, window_start)
         VALUES ($1, $2, $3, $4, $5, $6, $7, date_trunc('minute', statement_timestamp()))
         ON CONFLICT (event, (coalesce(ip, '')), window_start) WHERE window_start IS NOT NULL
         DO UPDATE SET details = security_log.details
           || jsonb_build_object('count', coalesce((security_log.details->>'count')::int, 1) + 1, 'last_at', statement_timestamp())
         RETURNING (xmax = 0) AS first`,
      [...columns],
    );
    return rows[0]?.first ?? false;
  }
}
