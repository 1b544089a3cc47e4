import { Injectable, Logger } from '@nestjs/common';
import { MAX_LOGGED_URL_LENGTH } from '@common/http/loggable-url';
import { SecurityLogStore } from './security-log.store';

export type SecurityEvent = 'TENANT_OWNERSHIP_VIOLATION' | 'WEBHOOK_SIGNATURE_REJECTED';

export interface SecurityEntry {
  userId?: string | null;
  tenantId?: string | null;
  resourceType?: string | null;
  resourceId?: string | number | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Details that hold a URL a client chose: kept to MAX_LOGGED_URL_LENGTH characters (decisions §15). */
const URL_DETAILS = ['path', 'url'] as const;

/** `entry` with its URL details cut to 512 characters: a 15 KB URL must not become a 15 KB row. */
function bounded(entry: SecurityEntry): SecurityEntry {
  const details = entry.details;
  if (!details || !URL_DETAILS.some((key) => typeof details[key] === 'string' && details[key].length > MAX_LOGGED_URL_LENGTH)) return entry;
  const cut = { ...details };
  for (const key of URL_DETAILS) {
    const value = cut[key];
    if (typeof value === 'string') cut[key] = value.slice(0, MAX_LOGGED_URL_LENGTH);
  }
  return { ...entry, details: cut };
}

/**
 * Append-only record of refused access, for audits and alerting. Never fails the request it
 * describes. A URL in the details (`path`, `url`) is stored and logged at most 512 characters long;
 * callers pass it through `loggableUrl`, so it holds no query value outside the whitelist either.
 */
@Injectable()
export class SecurityLogService {
  private readonly logger = new Logger('SecurityLog');

  constructor(private readonly store: SecurityLogStore) {}

  async record(event: SecurityEvent, given: SecurityEntry): Promise<void> {
    const entry = bounded(given);
    this.logger.warn({ securityEvent: event, ...entry }, event);
    await this.store
      .append(this.columns(event, entry))
      .catch((error) => this.logger.error({ err: error, securityEvent: event }, 'Could not write the security log'));
  }

  /**
   * For refusals a client can repeat at will (forged webhook signatures): at most one row per event,
   * IP and minute, whose `details.count` says how many there were (the first one's details, plus
   * `count` and `last_at`). The count is kept by the database, not by a process: the unique index
   * on (event, ip, window_start) turns concurrent first writes from any number of instances into
   * one insert and increments (INSERT … ON CONFLICT DO UPDATE waits for the row it collides
   * with), so 50 parallel refusals leave one row with count 50. A Redis-gated first write would need
   * a second store to agree with the first, and would lose counts when Redis is down. The warning
   * line in the application log is written with the row, so the log is not flooded either.
   */
  async countPerMinute(event: SecurityEvent, given: SecurityEntry): Promise<void> {
    const entry = bounded(given);
    const columns = this.columns(event, { ...entry, details: { ...entry.details, count: 1 } });
    const first: boolean | undefined = await this.store.countInMinute(columns).catch((error) => {
      this.logger.error({ err: error, securityEvent: event }, 'Could not write the security log');
      return undefined;
    });
    // Logged when the minute's row is created (or when the database could not be written).
    if (first !== false) this.logger.warn({ securityEvent: event, ...entry, perMinute: true }, event);
  }

  private columns(event: SecurityEvent, entry: SecurityEntry): unknown[] {
    return [
      event,
      entry.userId ?? null,
      entry.tenantId ?? null,
      entry.resourceType ?? null,
      entry.resourceId === undefined || entry.resourceId === null ? null : String(entry.resourceId),
      entry.ip ?? null,
      entry.details ?? {},
    ];
  }
}
