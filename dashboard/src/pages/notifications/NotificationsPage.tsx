import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../../api/me';
import { PageTitle } from '../../components/PageTitle';
import { MarkAllReadButton, NotificationList } from '../../notifications/NotificationList';
import { PushToggle } from '../../notifications/PushToggle';

/**
 * Notifications (dashboard.md): push on or off for this browser, then every notification, newest
 * first, unread ones marked; "Mark all as read". New ones arrive by themselves (the realtime hook
 * refreshes the list and the count on `order.created` and `export.ready`).
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  return (
    <>
      <PageTitle actions={<MarkAllReadButton unread={unread.data?.count ?? 0} />}>{t('notifications.title')}</PageTitle>
      <PushToggle />
      <NotificationList />
    </>
  );
}
