import { phoneDigits, readOrderSearchTerm } from './order-search';

const key = (text: string) => text.toLowerCase();

describe('readOrderSearchTerm', () => {
  it('reads bare digits as an order number and a phone fragment', () => {
    expect(readOrderSearchTerm('1042', key)).toEqual({ orderNumber: '1042', phoneDigits: '1042', nameKey: null });
  });

  it('reads # and digits as the order number alone', () => {
    expect(readOrderSearchTerm('#1042', key)).toEqual({ orderNumber: '1042', phoneDigits: null, nameKey: null });
  });

  it('reads phone punctuation as a phone fragment by its digits', () => {
    expect(readOrderSearchTerm('+504 9999-88', key)).toEqual({ orderNumber: null, phoneDigits: '504999988', nameKey: null });
  });

  it('reads anything with letters as a name fragment in the given key form', () => {
    expect(readOrderSearchTerm('Ana L', key)).toEqual({ orderNumber: null, phoneDigits: null, nameKey: 'ana l' });
  });

  it('reads punctuation without digits as a name fragment', () => {
    expect(readOrderSearchTerm('-', key)).toEqual({ orderNumber: null, phoneDigits: null, nameKey: '-' });
  });
});

describe('phoneDigits', () => {
  it('keeps the digits only', () => {
    expect(phoneDigits('+504 (9999) 88-88')).toBe('50499998888');
  });
});
