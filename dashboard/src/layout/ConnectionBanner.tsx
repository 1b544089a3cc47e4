import { useEffect, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { connection, useConnection } from '../api/connection';

const RETRY_EVERY_MS = 5000;

/**
 * The banner of a server that cannot be reached (network error, 503) or that asks to wait (429).
 * While unreachable, the failed queries are retried every few seconds; the first answer hides it.
 */
export function ConnectionBanner() {
  const state = useConnection();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());

  const retry = () => void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error', type: 'active' });

  useEffect(() => {
    if (state.kind === 'unreachable') {
      const timer = window.setInterval(retry, RETRY_EVERY_MS);
      return () => window.clearInterval(timer);
    }
    if (state.kind === 'rate-limited') {
      setNow(Date.now());
      const timer = window.setInterval(() => {
        setNow(Date.now());
        if (Date.now() >= state.until) connection.clear();
      }, 1000);
      return () => window.clearInterval(timer);
    }
    return undefined;
  }, [state]);

  if (state.kind === 'ok') return null;
  if (state.kind === 'rate-limited') {
    const seconds = Math.max(1, Math.ceil((state.until - now) / 1000));
    return (
      <Alert color="yellow" role="alert" radius={0}>
        <Text size="sm">{t('connection.rateLimited', { seconds })}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" radius={0}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('connection.unreachable')}</Text>
        <Button size="xs" variant="white" color="red" onClick={retry}>
          {t('connection.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
