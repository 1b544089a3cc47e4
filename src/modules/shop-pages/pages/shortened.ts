/**
 * How much of a product's description a page carries (docs/storefront.md, "Caching and speed"): a
 * card shows up to 1,000 characters, the JSON-LD up to 300 (search engines show fewer). Escaping
 * makes a text up to six times longer (`<` is `&lt;` in the HTML, `\u003c` in the JSON), so a
 * whole description in both places let one shop make every page of 240 products many megabytes.
 */
export const CARD_DESCRIPTION_MAX = 1_000;
export const STRUCTURED_DESCRIPTION_MAX = 300;

/** The text, or its first `max` characters (whole code points, an ellipsis last) when it is longer. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  if (points.length <= max) return text;
  return `${points
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
