import { availabilityOf, availableUnits } from './availability';
import { containsPattern, searchKey } from './catalog-search';

describe('searchKey', () => {
  it.each([
    ['Café Niño', 'cafe nino'],
    ['CAFÉ', 'cafe'],
    ['  Piña\tcolada \n ', 'pina colada'],
    ['Ångström', 'angstrom'],
    ['Crème brûlée', 'creme brulee'],
    ['', ''],
  ])('%j → %j', (text, key) => expect(searchKey(text)).toBe(key));

  it('gives a decomposed and a composed spelling the same key', () => {
    expect(searchKey('Cafe\u0301')).toBe(searchKey('Caf\u00e9'));
  });
});

describe('containsPattern', () => {
  it('takes LIKE wildcards literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('availability', () => {
  it.each([
    [null, 0, 'in_stock'],
    [null, 7, 'in_stock'],
    [0, 0, 'sold_out'],
    [3, 3, 'sold_out'],
    [3, 9, 'sold_out'],
    [1, 0, 'low_stock'],
    [5, 0, 'low_stock'],
    [8, 3, 'low_stock'],
    [6, 0, 'in_stock'],
    [9, 3, 'in_stock'],
  ] as const)('stock %p with %p held → %s', (stock, held, expected) => {
    expect(availabilityOf(availableUnits(stock, held))).toBe(expected);
  });
});
