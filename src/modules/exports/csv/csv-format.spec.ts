import { csvStringifier } from './csv-format';

async function csvOf(records: string[][]): Promise<string> {
  const stringifier = csvStringifier(['a', 'b']);
  const parts: string[] = [];
  stringifier.on('data', (part: Buffer | string) => parts.push(String(part)));
  const done = new Promise((resolve) => stringifier.on('end', resolve));
  for (const record of records) stringifier.write(record);
  stringifier.end();
  await done;
  return parts.join('');
}

describe('csvStringifier', () => {
  it('writes a byte order mark, a header and CRLF-separated records, quoting only where needed', async () => {
    expect(await csvOf([['x', 'y, "z"']])).toBe('\uFEFFa,b\r\nx,"y, ""z"""\r\n');
  });

  it('quotes a field holding a lone LF or CR', async () => {
    expect(await csvOf([['one\ntwo', 'three\rfour']])).toBe('\uFEFFa,b\r\n"one\ntwo","three\rfour"\r\n');
  });
});
