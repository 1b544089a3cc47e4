import { forwardWindow, offsetWindow } from './pagination';

describe('forwardWindow', () => {
  it('turns a page read from the end back into the same rows counted from the start', () => {
    // 23 rows, page 2 of 20: rows 20..22, which offsetWindow asks from the end.
    const window = offsetWindow(23, 20, 20);
    expect(window).toEqual({ kind: 'offset', backward: true, offset: 0, limit: 3 });
    expect(forwardWindow(window, 23)).toEqual({ kind: 'offset', backward: false, offset: 20, limit: 3 });
    expect(forwardWindow(offsetWindow(1000, 980, 20), 1000)).toEqual({ kind: 'offset', backward: false, offset: 980, limit: 20 });
  });

  it('leaves forward and cursor windows as they are', () => {
    const forward = offsetWindow(100, 20, 20);
    expect(forwardWindow(forward, 100)).toBe(forward);
    const after = { kind: 'after' as const, key: ['1', 2], limit: 21 };
    expect(forwardWindow(after, 0)).toBe(after);
  });
});
