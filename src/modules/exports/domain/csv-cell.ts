/**
 * Text a spreadsheet would read as a formula: `=`, `+`, `-` or `@` (or their fullwidth forms
 * `＝ ＋ － ＠`, which some spreadsheets fold into them), at the start of the cell or right after a
 * `;`, `,`, tab or line break inside it (a program that splits the cell on those, as spreadsheets
 * do when pasting or importing with another delimiter, would otherwise start a new cell with the
 * formula), after any run of characters a spreadsheet skips or shows as nothing: Unicode spaces
 * (a no-break or ideographic space, line and paragraph separators), control characters (vertical
 * tab, form feed) and format characters (a zero-width space, a byte order mark). A cell starting
 * with a tab or a carriage return counts too (OWASP's list). See docs/security.md, "CSV".
 */
const FORMULA = /^[\t\r]|(?:^|[;,\t\r\n])[\p{Z}\p{Cc}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;

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
