import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

/** Notifications (dashboard.md): the list, mark all read, push on/off. To be built. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('notifications.title')}</PageTitle>
      <Text c="dimmed">{t('app.loading')}</Text>
    </>
  );
}
