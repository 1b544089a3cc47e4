/**
 * Reminds the owner of every shop whose subscription ends within the next 72 hours, once per billing
 * period (decisions §9): sent by the daily job and by `subscriptions:notify-expiring`.
 */
export class NotifyExpiringSubscriptionsCommand {}

export interface NotifyExpiringSubscriptionsResult {
  /** Shops whose subscription ends within the window, with an owner. */
  due: number;
  /** Owners reminded by this run (the others were reminded of this period before, or failed). */
  notified: number;
  /** Shops whose reminder could not be sent (logged); the next run tries them again. */
  failed: number;
}
