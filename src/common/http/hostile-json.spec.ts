import { HostileJsonError, hostileJsonReason, refuseHostileJsonBytes } from './hostile-json';

const nested = (levels: number) => JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`) as unknown;

describe('hostileJsonReason', () => {
  it('accepts ordinary bodies and scalars', () => {
    expect(hostileJsonReason({ name: 'Ana', items: [{ product_id: 1, quantity: 2 }], note: null })).toBeNull();
    expect(hostileJsonReason('text')).toBeNull();
    expect(hostileJsonReason(undefined)).toBeNull();
  });

  it('counts the top-level container as the first of at most 32 levels', () => {
    expect(hostileJsonReason(nested(32))).toBeNull();
    expect(hostileJsonReason(nested(33))).toMatch(/nested too deeply/);
    expect(hostileJsonReason([[[1]]])).toBeNull();
  });

  it('walks a body far deeper than the call stack without recursion', () => {
    const levels = 1_000_000;
    const deep = JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`) as unknown;
    expect(hostileJsonReason(deep)).toMatch(/nested too deeply/);
  });

  it('finds a NUL in any string, keys included', () => {
    expect(hostileJsonReason({ a: ['ok', { b: 'x\u0000' }] })).toMatch(/NUL/);
    expect(hostileJsonReason({ ['k\u0000']: 1 })).toMatch(/NUL/);
    expect(hostileJsonReason('\u0000')).toMatch(/NUL/);
    expect(hostileJsonReason({ a: '\\u0000' })).toBeNull();
  });

  it('finds a lone surrogate in any string, and accepts a pair', () => {
    expect(hostileJsonReason({ a: 'x\ud800' })).toMatch(/surrogate/);
    expect(hostileJsonReason({ a: '\udc00x' })).toMatch(/surrogate/);
    expect(hostileJsonReason({ ['\ud800']: 1 })).toMatch(/surrogate/);
    expect(hostileJsonReason({ a: 'smile \ud83d\ude00' })).toBeNull();
  });
});

describe('refuseHostileJsonBytes', () => {
  it('throws a 400 for hostile JSON and leaves anything that is not JSON to the route', () => {
    expect(() => refuseHostileJsonBytes(Buffer.from('{"a":"\\u0000"}'))).toThrow(HostileJsonError);
    expect(() => refuseHostileJsonBytes(Buffer.from('{"a":"\\u0000"}'))).toThrow(expect.objectContaining({ status: 400 }) as Error);
    expect(() => refuseHostileJsonBytes(Buffer.from('not json'))).not.toThrow();
    expect(() => refuseHostileJsonBytes(Buffer.from('{"event":"x","data":{}}'))).not.toThrow();
  });
});
