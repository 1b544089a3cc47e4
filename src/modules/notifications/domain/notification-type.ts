/** The `type` of a stored notification (decisions §9). */
export const NOTIFICATION_TYPES = ['new_order', 'export_ready', 'report_ready', 'subscription_expiring'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
