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
  it('writes a byte order mark, a header and CRLF-separated records, every field quoted (decisions §15)', async () => {
    expect(await csvOf([['x', 'y, "z"']])).toBe('\uFEFF"a","b"\r\n"x","y, ""z"""\r\n');
  });

  it('quotes empty fields too', async () => {
    expect(await csvOf([['', 'x']])).toBe('\uFEFF"a","b"\r\n"","x"\r\n');
  });

  it('quotes a field holding a lone LF or CR', async () => {
    expect(await csvOf([['one\ntwo', 'three\rfour']])).toBe('\uFEFF"a","b"\r\n"one\ntwo","three\rfour"\r\n');
  });
});
