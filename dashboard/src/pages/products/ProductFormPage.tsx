import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

/** A product's form, new (/products/new) or existing (/products/:id). To be built. */
export default function ProductFormPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('products.editTitle')}</PageTitle>
      <Text c="dimmed">{t('app.loading')}</Text>
    </>
  );
}
