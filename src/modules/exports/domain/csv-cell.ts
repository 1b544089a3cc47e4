/** First characters that make a spreadsheet read a cell as a formula (or as the start of one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell made safe from CSV injection: text that a spreadsheet would evaluate (`=HYPERLINK(…)`,
 * `+1+1`, `@SUM(…)`) gets a leading `'`, so it is shown as text. Customer-typed fields go through
 * this, and so does every other cell, for simplicity: amounts and dates never start with these
 * characters. A phone number in international form (`+504…`) is therefore written `'+504…`.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}
