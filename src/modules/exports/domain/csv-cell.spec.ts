import { csvCell } from './csv-cell';

describe('csvCell', () => {
  it.each(['=1+1', '+50499998888', '-2', '@SUM(A1)', '\tx', '\rx'])('puts a quote before %j', (text) => {
    expect(csvCell(text)).toBe(`'${text}`);
  });

  it.each(['Ana López', '250.00', '2025-01-31T10:00:00.000Z', 'a=b', '1 x Café', ''])('leaves %j as it is', (text) => {
    expect(csvCell(text)).toBe(text);
  });

  it('writes null and undefined as an empty cell, numbers as their text', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(3)).toBe('3');
  });
});
