import type { NotificationType } from '../domain/notification-type';

/** A row of `notifications` as the listing selects it. */
export interface NotificationRow {
  id: string;
  type: NotificationType;
  data: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
}

/** A listed row with its page key: read or not, `created_at` in epoch microseconds (text). */
export type NotificationPageRow = NotificationRow & { is_read: boolean; sort_key: string };
