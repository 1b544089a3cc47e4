/**
 * Text a spreadsheet would read as a formula (decisions §15 "CSV"): `=`, `+`, `-` or `@`, after
 * optional spaces, at the start of the cell or right after a `;`, `,`, tab or line break inside it
 * (a program that splits the cell on those, as spreadsheets do when pasting or importing with
 * another delimiter, would otherwise start a new cell with the formula). A cell starting with a tab
 * or a carriage return counts too (OWASP's list).
 */
const FORMULA = /^[\t\r]|(?:^|[;,\t\r\n]) *[=+\-@]/;

/**
 * A cell made safe from CSV injection: text that a spreadsheet would evaluate (`=HYPERLINK(…)`,
 * ` +1+1`, `Ana;=cmd|…`, `a,-1`) gets a leading `'`, so it is shown as text. Customer-typed fields
 * go through this, and so does every other cell, for simplicity: amounts and dates never start
 * with these characters. A phone number in international form (`+504…`) is therefore written
 * `'+504…`.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA.test(text) ? `'${text}` : text;
}
