import '@mantine/charts/styles.css';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

/** Overview (dashboard.md): today's figures, the 30-day sales chart with its table, top products. To be built. */
export default function OverviewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('overview.title')}</PageTitle>
      <Text c="dimmed">{t('app.loading')}</Text>
    </>
  );
}
