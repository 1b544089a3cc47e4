import '@mantine/dates/styles.css';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

/** Coupons (dashboard.md). To be built. */
export default function CouponsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('coupons.title')}</PageTitle>
      <Text c="dimmed">{t('app.loading')}</Text>
    </>
  );
}
