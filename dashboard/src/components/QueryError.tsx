import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';

/** A failed read, as the API's message (an unreachable server is the layout banner's business). */
export function QueryError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = error instanceof ApiError ? error.message : t('common.error');
  return (
    <Alert color="red" role="alert" my="md">
      {message}
    </Alert>
  );
}
