import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

/** Products (dashboard.md): the table and the "New product" button. To be built. */
export default function ProductsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('products.title')}</PageTitle>
      <Text c="dimmed">{t('app.loading')}</Text>
    </>
  );
}
