import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../components/PageTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('notFound.title')}</PageTitle>
      <Text>
        <Anchor component={Link} to="/">
          {t('notFound.back')}
        </Anchor>
      </Text>
    </>
  );
}
