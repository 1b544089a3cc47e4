/**
 * Where the security log's rows go, as a port: common/ sends no SQL and never imports infra/.
 * `infra/security-log`'s `SecurityLogRepository` provides it (the `security_log` table). Each
 * method takes the row's columns in this order: event, user id, tenant id, resource type, resource
 * id, ip, details.
 */
export abstract class SecurityLogStore {
  /** Appends one row. */
  abstract append(columns: readonly unknown[]): Promise<void>;

  /**
   * Adds one refusal to the row of its event, IP and current minute, creating it with these
   * columns when there is none (its `details.count` then grows by one). True when this call
   * created the row.
   */
  abstract countInMinute(columns: readonly unknown[]): Promise<boolean>;
}
