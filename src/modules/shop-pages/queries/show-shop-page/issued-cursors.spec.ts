import { ConfigService } from '@nestjs/config';
import type { Env } from '@config/env.schema';
import { IssuedCursors } from './issued-cursors';

const withKey = (appKey: string) => new IssuedCursors(new ConfigService<Env, true>({ APP_KEY: appKey }));

describe('IssuedCursors', () => {
  it('knows the cursors it issued, for the shop and search they were issued for only', () => {
    const cursors = withKey('k'.repeat(32));
    const issued = cursors.issue('tienda', 'cafe', 'WyJhIiwxXQ');
    expect(cursors.read('tienda', 'cafe', issued)).toEqual({ catalogCursor: 'WyJhIiwxXQ', issued: true });
    expect(cursors.read('otra', 'cafe', issued).issued).toBe(false);
    expect(cursors.read('tienda', null, issued).issued).toBe(false);
    expect(cursors.read('tienda', 'cafe', 'WyJhIiwxXQ')).toEqual({ catalogCursor: 'WyJhIiwxXQ', issued: false });
    expect(cursors.read('tienda', 'cafe', `WyJhIiwyXQ.${issued.split('.')[1]}`).issued).toBe(false);
    expect(cursors.read('tienda', 'cafe', 'WyJhIiwxXQ.forged').issued).toBe(false);
  });

  it('knows the cursors of another instance with the same APP_KEY, not those of another key', () => {
    const issued = withKey('k'.repeat(32)).issue('tienda', null, 'WyJhIiwxXQ');
    expect(withKey('k'.repeat(32)).read('tienda', null, issued).issued).toBe(true);
    expect(withKey('x'.repeat(32)).read('tienda', null, issued)).toEqual({ catalogCursor: 'WyJhIiwxXQ', issued: false });
  });
});
