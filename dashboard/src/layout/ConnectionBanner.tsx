import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { connection, useConnection, type ConnectionState } from '../api/connection';

const RETRY_EVERY_MS = 5000;

/**
 * The banner of a server that cannot be reached (network error, 503, a page's code that did not
 * load) or that asks to wait (429). While unreachable, every few seconds (and on "Retry") the failed
 * queries and page loads are tried again, or, with none, the server's readiness is asked; the first
 * answer hides it, and every query on screen is read again: what changed meanwhile (orders placed
 * during the outage) shows without a reload. docs/dashboard.md, "Outages".
 */
export function ConnectionBanner() {
  const state = useConnection();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const previous = useRef<ConnectionState['kind']>(state.kind);

  const retry = () => {
    const failedQueries = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error', type: 'active' });
    void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error', type: 'active' });
    const failedPages = connection.retryRegistered();
    // Nothing failed is on screen (the failure was a write, or a page left since): ask the server
    // itself; its answer (200 or 503) sets the state through the client's middleware.
    if (failedQueries.length === 0 && failedPages === 0) void api.GET('/health/ready').catch(() => connection.unreachable());
  };

  useEffect(() => {
    const was = previous.current;
    previous.current = state.kind;
    if (state.kind === 'ok' && was === 'unreachable') {
      // Back (any answer got through): read again what is on screen, and load a page that failed.
      void queryClient.invalidateQueries({ refetchType: 'active' });
      connection.retryRegistered();
    }
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
