import { stringify, type Stringifier } from 'csv-stringify';

/**
 * The CSV dialect of every file: RFC 4180 (comma, `"` quoting where needed, CRLF between records)
 * with a header row, and a UTF-8 byte order mark so that spreadsheet programs read accented
 * names as UTF-8 rather than as the system's legacy encoding.
 */
export function csvStringifier(columns: readonly string[]): Stringifier {
  // csv-stringify quotes a field holding the record delimiter (CRLF), not one holding a lone CR or
  // LF, which readers would still take for the end of the record: those are quoted too.
  return stringify({ header: true, columns: [...columns], bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
