import { useEffect, type ReactNode } from 'react';
import { Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A page's one `h1`, also the tab's title; `actions` sit beside it (a "New …" button). */
export function PageTitle({ children, actions }: { children: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${children} · ${t('app.title')}`;
  }, [children, t]);
  return (
    <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
      <Title order={1} size="h2">
        {children}
      </Title>
      {actions}
    </Group>
  );
}
