import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../realtime/live-status';

/**
 * "Live updates paused": the Socket.IO connection has been down for more than a few seconds, so
 * new orders and notifications do not arrive by themselves; gone when it reconnects (which reads
 * again what the missed events would have changed). Shown on an idle page too.
 */
export function LiveStatusBanner() {
  const status = useLiveStatus();
  const { t } = useTranslation();
  // The live region is always there, so that screen readers announce the text when it appears.
  return (
    <div role="status">
      {status === 'paused' && (
        <Alert color="yellow" role="none" radius={0}>
          <Text size="sm">{t('connection.livePaused')}</Text>
        </Alert>
      )}
    </div>
  );
}
