import { normalisedTags } from './shop-profile';

describe('shop profile rules', () => {
  it('trims tags, drops blanks and case-insensitive repeats', () => {
    expect(normalisedTags([' Café ', 'café', 'CAFÉ', '', '  ', 'pan'])).toEqual(['Café', 'pan']);
  });
});
