import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { en } from './en';
import { es } from './es';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_KEY = 'storefront.dashboard.language';

/** The remembered choice, else the browser's: `es-*` → Spanish, anything else → English. */
function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored === 'en' || stored === 'es') return stored;
  const preferred = navigator.languages?.[0] ?? navigator.language ?? 'en';
  return /^es\b/i.test(preferred) ? 'es' : 'en';
}

export function changeLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  void i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  dayjs.locale(language);
});

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  // React escapes what it renders: server text is always text.
  interpolation: { escapeValue: false },
});

document.documentElement.lang = i18n.language;
dayjs.locale(i18n.language);

export default i18n;
