import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

/** Exports (dashboard.md): export orders, sales report, live status, download. To be built. */
export default function ExportsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('exports.title')}</PageTitle>
      <Text c="dimmed">{t('app.loading')}</Text>
    </>
  );
}
