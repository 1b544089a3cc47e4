import { csvCell } from './csv-cell';

describe('csvCell', () => {
  it.each(['=1+1', '+50499998888', '-2', '@SUM(A1)', '\tx', '\rx'])('puts a quote before %j', (text) => {
    expect(csvCell(text)).toBe(`'${text}`);
  });

  it.each([
    ' +x',
    '   =1+1',
    ';=cmd|calc',
    'Ana;=cmd',
    'a,-1',
    'a, -1',
    'ok; @SUM(A1)',
    'b;  @x',
    'x\t=1+1',
    'x\t -2',
    'first\n=2',
    'first\n  +3',
    'first\r\n@x',
    'first\r-1',
  ])('puts a quote before %j (a formula after spaces or a separator)', (text) => {
    expect(csvCell(text)).toBe(`'${text}`);
  });

  it.each([
    ['a no-break space', '\u00A0=1+1'],
    ['a zero-width space', '\u200B=1+1'],
    ['a vertical tab', '\u000B=1+1'],
    ['a form feed', '\u000C+1'],
    ['an ideographic space', '\u3000-1'],
    ['a byte order mark', '\uFEFF@SUM(A1)'],
    ['a line separator', '\u2028=1'],
    ['a mix of them', ' \u00A0\u200B\u000B=1'],
    ['a separator, then a no-break space', 'Ana;\u00A0=cmd'],
    ['a fullwidth equals sign', '\uFF1D1+1'],
    ['a fullwidth plus sign', '\uFF0B504'],
    ['a fullwidth hyphen-minus', '\uFF0D2'],
    ['a fullwidth commercial at', '\uFF20SUM(A1)'],
    ['an ideographic space, then a fullwidth equals sign', '\u3000\uFF1D1'],
  ])('puts a quote before a formula after %s', (_what, text) => {
    expect(csvCell(text)).toBe(`'${text}`);
  });

  it.each([
    'Ana López',
    '250.00',
    '2025-01-31T10:00:00.000Z',
    'a=b',
    '1 x Café',
    '',
    'a-b, c+d',
    'Col. 5; casa 2',
    '2 x Camisa; 1 x Gorra',
    'a;b',
    ' x',
    '\u00A0x',
    '\u200Bx',
    'a\uFF1Db',
  ])('leaves %j as it is', (text) => {
    expect(csvCell(text)).toBe(text);
  });

  it('writes null and undefined as an empty cell, numbers as their text', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(3)).toBe('3');
  });
});
