import i18next from 'i18next';
import type { ApiLanguage } from './api-language';
import { API_MESSAGES_EN, type ApiMessageKey } from './api-messages.en';
import { API_MESSAGES_ES } from './api-messages.es';

/**
 * Error texts in the reader's language (docs/http-contract.md, "Languages"). The code raises its
 * errors in English, the contract's wording; where an answer is written, its texts are looked up in
 * the English catalogue (exact text, or a template whose `{{name}}` parts are read back out of the
 * text) and written again from the Spanish one. English answers are never touched, and a text the
 * catalogue does not know stays as it is.
 */
const translator = i18next.createInstance();
void translator.init({
  initAsync: false,
  lng: 'en',
  fallbackLng: false,
  resources: { en: { translation: API_MESSAGES_EN }, es: { translation: API_MESSAGES_ES } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const VARIABLE = /\{\{(\w+)\}\}/g;

interface Template {
  key: ApiMessageKey;
  pattern: RegExp;
  names: string[];
  /** Characters outside the variables: a longer template is the more specific one and is tried first. */
  literal: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The `{{name}}` parts of a catalogue text, in order. */
export function variablesOf(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((match) => match[1]);
}

const exact = new Map<string, ApiMessageKey>();
const templates: Template[] = [];
for (const [key, text] of Object.entries(API_MESSAGES_EN) as [ApiMessageKey, string][]) {
  const names = variablesOf(text);
  if (names.length === 0) {
    if (!exact.has(text)) exact.set(text, key);
    continue;
  }
  const parts = text.split(VARIABLE);
  // split() with a capture group alternates literal text and variable names.
  const source = parts.map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : '(.+?)')).join('');
  templates.push({ key, names, pattern: new RegExp(`^${source}$`, 's'), literal: text.replace(VARIABLE, '').length });
}
templates.sort((a, b) => b.literal - a.literal);

/** The catalogue entry an English text was written from, with its variable parts. */
export function findApiMessage(text: string): { key: ApiMessageKey; values: Record<string, string> } | undefined {
  const key = exact.get(text);
  if (key) return { key, values: {} };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (match) return { key: template.key, values: Object.fromEntries(template.names.map((name, index) => [name, match[index + 1]])) };
  }
  return undefined;
}

/** One text in `language`; a `{{message}}` part (a first error, followed by "and N more") is itself translated. */
export function localizeMessage(text: string, language: ApiLanguage): string {
  if (language === 'en') return text;
  const found = findApiMessage(text);
  if (!found) return text;
  const values = { ...found.values };
  if (values.message !== undefined) values.message = localizeMessage(values.message, language);
  return translator.t(found.key, { ...values, lng: language });
}

/**
 * An error body (`{ message, errors?, error? }` and fields of its own) in `language`: the texts
 * change, the field paths (the keys of `errors`) and every other field stay as they are.
 */
export function localizeErrorBody<T>(body: T, language: ApiLanguage): T {
  if (language === 'en' || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const source = body as Record<string, unknown>;
  const result: Record<string, unknown> = { ...source };
  if (typeof source.message === 'string') result.message = localizeMessage(source.message, language);
  if (typeof source.error === 'string') result.error = localizeMessage(source.error, language);
  const errors = source.errors;
  if (errors !== null && typeof errors === 'object' && !Array.isArray(errors)) {
    result.errors = Object.fromEntries(
      Object.entries(errors as Record<string, unknown>).map(([field, messages]) => [
        field,
        Array.isArray(messages)
          ? messages.map((message) => (typeof message === 'string' ? localizeMessage(message, language) : message))
          : messages,
      ]),
    );
  }
  return result as T;
}
