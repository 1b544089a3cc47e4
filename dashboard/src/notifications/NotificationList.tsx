import { Button, Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../components/QueryError';
import { NotificationItem } from './NotificationItem';
import classes from './notifications.module.css';
import { useMarkRead, useNotificationList } from './use-notifications';

/** The notifications as a list (the page's, and the layout panel's first ten), with "Load more" where asked. */
export function NotificationList({ queryKey, paged = true }: { queryKey?: readonly unknown[]; paged?: boolean }) {
  const { t } = useTranslation();
  const list = useNotificationList(queryKey);
  const mark = useMarkRead();
  if (list.isPending)
    return (
      <Center py="md">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  if (list.isError) return <QueryError error={list.error} />;
  const rows = list.data.pages.flatMap((page) => page.data);
  if (rows.length === 0) return <Text py="md">{t('notifications.empty')}</Text>;
  return (
    <>
      <ul className={classes.list} aria-label={t('notifications.list')}>
        {rows.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onOpen={(id) => mark.one.mutate(id)} />
        ))}
      </ul>
      {paged && list.hasNextPage && (
        <Center mt="md">
          <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('notifications.loadMore')}
          </Button>
        </Center>
      )}
    </>
  );
}

/** "Mark all as read" (disabled when nothing is unread). */
export function MarkAllReadButton({ unread, size = 'sm' }: { unread: number; size?: 'sm' | 'compact-sm' }) {
  const { t } = useTranslation();
  const mark = useMarkRead();
  return (
    <Button variant="default" size={size} onClick={() => mark.all.mutate()} loading={mark.all.isPending} disabled={unread === 0}>
      {t('notifications.markAllRead')}
    </Button>
  );
}
