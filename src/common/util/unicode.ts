// A UTF-16 surrogate without its partner: half of a character, no text at all. JSON can carry one
// (`"\ud800"`), but it has no UTF-8 form, and PostgreSQL's jsonb refuses its escape.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** The text with each NUL and lone surrogate replaced by U+FFFD: storable in any PostgreSQL text or jsonb value. */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATES, '\ufffd');
}
