import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Yes" or "No" in a table cell (Active, Primary); the text, not only the colour, says which. */
export function YesNoBadge({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return value ? (
    <Badge color="teal" variant="filled" radius="sm">
      {t('common.yes')}
    </Badge>
  ) : (
    <Badge color="gray" variant="outline" c="gray.8" radius="sm">
      {t('common.no')}
    </Badge>
  );
}
