import { Anchor, Button, Group, Popover, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
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
  // Narrow screens: a bell and the count (the accessible name still says it all).
  const wide = useMediaQuery('(min-width: 700px)', window.matchMedia('(min-width: 700px)').matches, { getInitialValueInEffect: false });
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
          {wide ? (
            `${t('nav.notifications')} (${count})`
          ) : (
            <>
              <Bell /> {count}
            </>
          )}
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

function Bell() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}
