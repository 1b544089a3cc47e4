import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, type Language } from '../i18n';

/** The "Language" control: English or Spanish, remembered on this device. */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('nav.language')}
      label={compact ? undefined : t('nav.language')}
      size="xs"
      value={i18n.language}
      onChange={(event) => changeLanguage(event.currentTarget.value as Language)}
      data={[
        { value: 'en', label: 'English' },
        { value: 'es', label: 'Español' },
      ]}
    />
  );
}
