import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

/** Shop profile (dashboard.md): edit, AI credits, "Improve with AI". To be built. */
export default function ShopPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('shop.title')}</PageTitle>
      <Text c="dimmed">{t('app.loading')}</Text>
    </>
  );
}
