import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

/** Administration (dashboard.md): super admins only. To be built. */
export default function AdminPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('admin.title')}</PageTitle>
      <Text c="dimmed">{t('app.loading')}</Text>
    </>
  );
}
