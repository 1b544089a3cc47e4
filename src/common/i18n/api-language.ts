import type { ShopLanguage } from './shop-locale';

/** The languages the API answers in. */
export type ApiLanguage = ShopLanguage;

/**
 * The first language of an `Accept-Language` header the service speaks (`es`, `es-HN`, `es-419`,
 * `en`, `en-US` …), by the header's `q` weights and then its order; `fallback` when it names
 * neither (or there is no header). Error texts fall back to English, the contract's wording; a
 * sign-in code falls back to Spanish (docs/http-contract.md, "Languages").
 */
export function preferredLanguage(header: string | string[] | undefined, fallback: ApiLanguage): ApiLanguage {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return fallback;
  const ranges = value
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find((found) => found !== undefined);
      return { tag: range.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.q > 0 && !Number.isNaN(range.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const primary = tag.split('-')[0];
    if (primary === 'es' || primary === 'en') return primary;
  }
  return fallback;
}

/** The language of an API answer: Spanish when the header asks for it first, English otherwise. */
export function answerLanguage(header: string | string[] | undefined): ApiLanguage {
  return preferredLanguage(header, 'en');
}
