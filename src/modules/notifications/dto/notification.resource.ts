import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { NOTIFICATION_TYPES, type NotificationType } from '../domain/notification-type';
import type { NotificationRow } from '../persistence/notifications.rows';

/** `data` of a `new_order` notification. */
class NewOrderNotificationData {
  @ApiProperty({ type: 'integer', minimum: 1 })
  order_id: number;

  @ApiProperty()
  order_number: string;

  @ApiProperty({ description: "The order's customer name, or `Customer`" })
  customer_name: string;

  @ApiProperty({ type: 'number', description: 'The order total, two decimals' })
  total: number;

  @ApiProperty({ example: 'HNL' })
  currency: string;

  @ApiProperty({ format: 'uri', description: 'The order in the merchant dashboard' })
  url: string;
}

/** `data` of an `export_ready` notification. */
class ExportReadyNotificationData {
  @ApiProperty({ format: 'uuid' })
  export_id: string;

  @ApiProperty({ format: 'uri', description: 'The signed download link' })
  url: string;

  @ApiProperty({ format: 'date-time', description: 'When the link stops working' })
  expires_at: string;
}

/** `data` of a `report_ready` notification. */
class ReportReadyNotificationData {
  @ApiProperty({ format: 'uuid' })
  report_id: string;

  @ApiProperty({ format: 'uri', description: 'The signed download link' })
  url: string;

  @ApiProperty({ format: 'date-time', description: 'When the link stops working' })
  expires_at: string;

  @ApiProperty({ format: 'date', description: 'First day of the report (UTC)' })
  from: string;

  @ApiProperty({ format: 'date', description: 'Last day of the report (UTC)' })
  to: string;
}

/** `data` of a `subscription_expiring` notification. */
class SubscriptionExpiringNotificationData {
  @ApiProperty({ format: 'uuid' })
  tenant_id: string;

  @ApiProperty({ format: 'date-time', description: 'When the paid period ends' })
  ends_at: string;

  @ApiProperty({ format: 'uri', description: 'The billing page of the dashboard' })
  url: string;
}

/** A notification as the API shows it (decisions §9). */
@ApiExtraModels(NewOrderNotificationData, ExportReadyNotificationData, ReportReadyNotificationData, SubscriptionExpiringNotificationData)
export class NotificationResource {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: NOTIFICATION_TYPES })
  type: NotificationType;

  @ApiProperty({
    description: 'What the notification is about; its fields depend on `type`',
    anyOf: [
      { $ref: getSchemaPath(NewOrderNotificationData) },
      { $ref: getSchemaPath(ExportReadyNotificationData) },
      { $ref: getSchemaPath(ReportReadyNotificationData) },
      { $ref: getSchemaPath(SubscriptionExpiringNotificationData) },
    ],
  })
  data: Record<string, unknown>;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'null while unread' })
  read_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export function toNotificationResource(row: NotificationRow): NotificationResource {
  return {
    id: row.id,
    type: row.type,
    data: row.data,
    read_at: row.read_at ? row.read_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

export class UnreadNotificationsCount {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many of your notifications are unread' })
  count: number;
}

export class NotificationsMarkedRead {
  @ApiProperty({ enum: ['success'] })
  status: 'success';
}
