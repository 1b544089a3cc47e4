import { matchesIfNoneMatch } from './http-cache';

describe('matchesIfNoneMatch', () => {
  const etag = '"abc"';
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
    ['', false],
  ])('%p → %p', (header, expected) => expect(matchesIfNoneMatch(header, etag)).toBe(expected));
});
