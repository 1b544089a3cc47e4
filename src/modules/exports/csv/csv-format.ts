import { stringify, type Stringifier } from 'csv-stringify';

/**
 * The CSV dialect of every file: RFC 4180 (comma, CRLF between records) with a header row, every
 * field quoted (`"`, doubled inside), empty ones and the header's too (decisions §15 "CSV": a
 * reader never has to guess where a field holding a separator, a quote or a line break ends),
 * and a UTF-8 byte order mark so that spreadsheet programs read accented names as UTF-8 rather
 * than as the system's legacy encoding.
 */
export function csvStringifier(columns: readonly string[]): Stringifier {
  return stringify({ header: true, columns: [...columns], bom: true, record_delimiter: 'windows', quoted: true, quoted_empty: true });
}
