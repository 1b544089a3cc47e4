import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

/** Locations (dashboard.md). To be built. */
export default function LocationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('locations.title')}</PageTitle>
      <Text c="dimmed">{t('app.loading')}</Text>
    </>
  );
}
