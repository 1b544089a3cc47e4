import { Anchor, Button, Group, Popover, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useEffect } from 'react';
import { keys } from '../api/query-keys';
import { MarkAllReadButton, NotificationList } from '../notifications/NotificationList';

/**
 * The header's "Notifications, N unread" button (the count is in its accessible name, dashboard.md):
 * it opens a panel with the latest notifications, "Mark all as read" and a link to the page.
 */
export function NotificationsButton({ count }: { count: number }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  // Following a link in the panel closes it.
  useEffect(close, [location.pathname, close]);
  return (
    <Popover
      opened={opened}
      onChange={(open) => {
        if (!open) close();
      }}
      width={360}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={toggle}
          aria-label={t('nav.notificationsUnread', { count })}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          {t('nav.notifications')} ({count})
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={t('nav.notifications')} p="xs" maw="calc(100vw - 16px)">
        <Group justify="space-between" mb="xs" wrap="nowrap" gap="xs">
          <Text fw={700}>{t('nav.notifications')}</Text>
          <MarkAllReadButton unread={count} size="compact-sm" />
        </Group>
        <ScrollArea.Autosize mah={360} type="auto">
          <NotificationList queryKey={keys.notifications.panel} paged={false} />
        </ScrollArea.Autosize>
        <Anchor component={Link} to="/notifications" size="sm" display="block" mt="xs">
          {t('notifications.seeAll')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
