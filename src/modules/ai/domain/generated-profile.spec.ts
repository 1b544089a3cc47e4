import { applicableFields, InvalidGeneratedProfileError } from './generated-profile';

describe('applicableFields', () => {
  it('keeps trimmed non-empty values and leaves out empty or missing ones', () => {
    expect(
      applicableFields({ description: '  A bakery.  ', seo_title: 'Bakery', seo_description: '', slogan: '   ', tags: [], extra: 1 }),
    ).toEqual({ description: 'A bakery.', seo_title: 'Bakery' });
    expect(applicableFields({ slogan: null, tags: null })).toEqual({});
  });

  it('cleans tags: trimmed, blanks dropped, case-insensitive duplicates dropped, at most 20', () => {
    expect(applicableFields({ tags: [' bread ', '', 'Bread', 'cakes'] })).toEqual({ tags: ['bread', 'cakes'] });
    expect(applicableFields({ tags: ['  ', ''] })).toEqual({});
    expect(applicableFields({ tags: Array.from({ length: 30 }, (_, i) => `t${i}`) }).tags).toHaveLength(20);
  });

  it('cuts over-long values to the column size, by characters', () => {
    const fields = applicableFields({ seo_title: 'é'.repeat(300), tags: ['x'.repeat(80)] });
    expect(Array.from(fields.seo_title ?? '')).toHaveLength(255);
    expect(fields.tags?.[0]).toHaveLength(50);
    expect(Array.from(applicableFields({ slogan: '😀'.repeat(300) }).slogan ?? '')).toHaveLength(255);
  });

  it('refuses an answer whose fields have the wrong type', () => {
    expect(() => applicableFields({ description: 42 })).toThrow(InvalidGeneratedProfileError);
    expect(() => applicableFields({ tags: 'bread, cakes' })).toThrow(InvalidGeneratedProfileError);
    expect(() => applicableFields({ tags: ['bread', 3] })).toThrow(InvalidGeneratedProfileError);
  });
});
