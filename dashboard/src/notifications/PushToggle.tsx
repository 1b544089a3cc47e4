import { useState } from 'react';
import { Alert, Button, Paper, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { keys } from '../api/query-keys';
import { currentSubscription, disablePush, enablePush, publicKey, PushBlocked, PushServiceSilent, pushSupported } from './push';

/**
 * "Enable push notifications" / "Disable push notifications" for this browser. Says so when the
 * browser cannot, the server has no VAPID key, or the site's notifications are blocked.
 */
export function PushToggle() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const [problem, setProblem] = useState<string | null>(null);
  const key = useQuery({ queryKey: keys.push.publicKey, queryFn: publicKey, enabled: supported, staleTime: Infinity });
  const subscription = useQuery({
    queryKey: keys.push.subscription,
    queryFn: currentSubscription,
    enabled: supported && Boolean(key.data),
    retry: false,
  });

  const explain = (error: unknown) => {
    if (error instanceof PushBlocked || (error instanceof DOMException && error.name === 'NotAllowedError'))
      return t('notifications.push.blocked');
    if (error instanceof PushServiceSilent) return t('notifications.push.failed', { reason: t('notifications.push.noAnswer') });
    return t('notifications.push.failed', { reason: error instanceof Error ? error.message : String(error) });
  };
  const enable = useMutation({
    mutationFn: () => enablePush(key.data!),
    onMutate: () => setProblem(null),
    onSuccess: (value) => queryClient.setQueryData(keys.push.subscription, value),
    onError: (error) => {
      setProblem(explain(error));
      void queryClient.invalidateQueries({ queryKey: keys.push.subscription });
    },
  });
  const disable = useMutation({
    mutationFn: () => disablePush(subscription.data!),
    onMutate: () => setProblem(null),
    onSuccess: () => queryClient.setQueryData(keys.push.subscription, null),
    onError: (error) => {
      setProblem(error instanceof ApiError ? error.message : explain(error));
      void queryClient.invalidateQueries({ queryKey: keys.push.subscription });
    },
  });

  let body;
  if (!supported) body = <Text>{t('notifications.push.unsupported')}</Text>;
  else if (key.isPending) body = null;
  else if (key.isError) body = <Text>{key.error instanceof ApiError ? key.error.message : t('common.error')}</Text>;
  else if (key.data === null) body = <Text>{t('notifications.push.notConfigured')}</Text>;
  else if (subscription.isPending) body = null;
  else if (subscription.data)
    body = (
      <>
        <Text mb="xs" role="status">
          {t('notifications.push.enabled')}
        </Text>
        <Button variant="default" onClick={() => disable.mutate()} loading={disable.isPending}>
          {t('notifications.push.disable')}
        </Button>
      </>
    );
  else
    body = (
      <>
        <Text mb="xs" role="status">
          {t('notifications.push.disabled')}
        </Text>
        <Button onClick={() => enable.mutate()} loading={enable.isPending}>
          {t('notifications.push.enable')}
        </Button>
      </>
    );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="push-title" mb="lg">
      <Title order={2} size="h4" id="push-title">
        {t('notifications.push.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('notifications.push.hint')}
      </Text>
      {body}
      {problem && (
        <Alert color="red" role="alert" mt="sm">
          {problem}
        </Alert>
      )}
    </Paper>
  );
}
