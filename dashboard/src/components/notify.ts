import { notifications, type NotificationData } from '@mantine/notifications';
import i18n from '../i18n';

/** A notice in the corner (Mantine's notifications), its close button named for screen readers. */
export function notify(notice: NotificationData): void {
  notifications.show({ color: 'teal', ...notice, closeButtonProps: { 'aria-label': i18n.t('common.close'), ...notice.closeButtonProps } });
}
