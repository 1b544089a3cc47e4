import { normalisedSocialLinks, normalisedTags, paymentSettingsError } from './shop-profile';

describe('shop profile rules', () => {
  it('trims tags, drops blanks and case-insensitive repeats', () => {
    expect(normalisedTags([' Café ', 'café', 'CAFÉ', '', '  ', 'pan'])).toEqual(['Café', 'pan']);
  });

  it('requires transfer instructions only while the shop accepts bank transfers', () => {
    expect(paymentSettingsError({ paymentMethods: ['cash'], bankTransferInstructions: null })).toBeNull();
    expect(paymentSettingsError({ paymentMethods: ['cash', 'bank_transfer'], bankTransferInstructions: 'Banco, cuenta 1' })).toBeNull();
    expect(paymentSettingsError({ paymentMethods: ['bank_transfer'], bankTransferInstructions: null })).toMatch(
      /instructions are required/,
    );
    expect(paymentSettingsError({ paymentMethods: ['bank_transfer'], bankTransferInstructions: '' })).toMatch(/instructions are required/);
  });

  it('keeps the social links of the known networks, in list order, blanks and nulls dropped', () => {
    expect(
      normalisedSocialLinks({
        tiktok: ' https://www.tiktok.com/@x ',
        facebook: 'https://facebook.com/x',
        instagram: '',
        youtube: 'https://y',
      }),
    ).toEqual({ facebook: 'https://facebook.com/x', tiktok: 'https://www.tiktok.com/@x' });
    expect(Object.keys(normalisedSocialLinks({ tiktok: 'https://t', facebook: 'https://f' }))).toEqual(['facebook', 'tiktok']);
    expect(normalisedSocialLinks({ facebook: null })).toEqual({});
    expect(normalisedSocialLinks(null)).toEqual({});
    expect(normalisedSocialLinks('https://facebook.com/x')).toEqual({});
  });
});
