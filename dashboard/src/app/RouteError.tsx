import { useEffect } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { connection } from '../api/connection';
import { ApiError } from '../api/errors';
import { ConnectionBanner } from '../layout/ConnectionBanner';
import { PageLoadError, retryPageLoads } from './lazy-page';

/** A page that failed because the server could not be reached, not because of a fault of its own. */
function isOutage(error: unknown): boolean {
  return error instanceof PageLoadError || (error instanceof ApiError && error.unreachable);
}

/**
 * Every route's error element, so React Router's own crash screen never shows (docs/dashboard.md,
 * "Outages"). A page whose code did not load is an outage: the "Cannot reach the server" banner
 * (the layout's, or its own on a page without the layout) retries it, and once the chunk loads the
 * page opens in place, without a reload. Anything else is a fault of the page: said, with a reload.
 */
export function RouteError({ withBanner = false }: { withBanner?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const outage = isOutage(error);

  useEffect(() => {
    if (!outage) return undefined;
    connection.unreachable();
    // Rendering the same location again resets the route's error and imports the page anew.
    return connection.onRetry(() => {
      retryPageLoads();
      void navigate(location, { replace: true, state: location.state as unknown });
    });
  }, [outage, location, navigate]);

  if (outage) {
    return (
      <>
        {withBanner && <ConnectionBanner />}
        <Text p="md">{t('connection.pageNotLoaded')}</Text>
      </>
    );
  }
  return (
    <Alert color="red" role="alert" m="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('connection.crashed')}</Text>
        <Button size="xs" variant="default" onClick={() => window.location.reload()}>
          {t('connection.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}
