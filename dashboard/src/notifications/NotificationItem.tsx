import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { components } from '@client';
import { formatDateTime, formatDay } from '../format/dates';
import { formatMoney } from '../format/money';
import classes from './notifications.module.css';

type Notification = components['schemas']['NotificationResource'];
type NewOrder = components['schemas']['NewOrderNotificationData'];
type ReportReady = components['schemas']['ReportReadyNotificationData'];
type SubscriptionExpiring = components['schemas']['SubscriptionExpiringNotificationData'];

/**
 * One notification: its text, its time, "Unread" while unread, and a link to what it is about (a
 * new order to its order page; a ready export or report to the exports page, which signs a fresh
 * download link). Opening the link marks it read.
 */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const unread = notification.read_at === null;
  const { text, to } = describe(notification, t);
  const open = () => {
    if (unread) onOpen(notification.id);
  };
  return (
    <li className={classes.item} data-unread={unread || undefined} data-notification-id={notification.id}>
      <Stack gap={2}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {unread && (
            <Badge size="sm" variant="filled" color="blue.8" className={classes.badge}>
              {t('notifications.unread')}
            </Badge>
          )}
          {to ? (
            <Anchor component={Link} to={to} onClick={open} fw={unread ? 700 : 400} className={classes.text}>
              {text}
            </Anchor>
          ) : (
            <Text fw={unread ? 700 : 400} className={classes.text}>
              {text}
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed" component="time" dateTime={notification.created_at}>
          {formatDateTime(notification.created_at)}
        </Text>
      </Stack>
    </li>
  );
}

function describe(
  notification: Notification,
  t: (key: string, options?: Record<string, unknown>) => string,
): { text: string; to: string | null } {
  switch (notification.type) {
    case 'new_order': {
      const data = notification.data as NewOrder;
      return {
        text: t('notifications.newOrder', {
          number: data.order_number,
          customer: data.customer_name,
          total: formatMoney(data.total, data.currency),
        }),
        to: `/orders/${data.order_id}`,
      };
    }
    case 'export_ready':
      return { text: t('notifications.exportReady'), to: '/exports' };
    case 'report_ready': {
      const data = notification.data as ReportReady;
      return { text: t('notifications.reportReady', { from: formatDay(data.from), to: formatDay(data.to) }), to: '/exports' };
    }
    case 'subscription_expiring': {
      const data = notification.data as SubscriptionExpiring;
      return { text: t('notifications.subscriptionExpiring', { date: formatDateTime(data.ends_at) }), to: null };
    }
    default:
      return { text: notification.type, to: null };
  }
}
