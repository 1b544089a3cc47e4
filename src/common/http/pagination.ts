import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Env } from '@config/env.schema';
import { ValidationFailedError } from '@common/errors/domain.error';
import { IsDbInt } from './is-db-int.decorator';

/** Far beyond any real list; keeps offsets small. */
const MAX_PAGE = 1_000_000;
/** Cursors are a few dozen characters; anything much longer is not one of ours. */
const MAX_CURSOR_LENGTH = 200;

export const INVALID_CURSOR_MESSAGE = 'The cursor is invalid: use the meta.next_cursor of a page of this list.';

export class PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsDbInt({ max: MAX_PAGE })
  page?: number;

  @ApiPropertyOptional({
    maxLength: MAX_CURSOR_LENGTH,
    description: 'Keyset paging: the `meta.next_cursor` of the previous page (opaque). Not with `page`.',
  })
  @IsOptional()
  @IsString({ message: 'The cursor must be a string.' })
  @MaxLength(MAX_CURSOR_LENGTH, { message: INVALID_CURSOR_MESSAGE })
  cursor?: string;
}

export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number | null;
    from: number | null;
    last_page: number;
    per_page: number;
    to: number | null;
    total: number;
    next_cursor: string | null;
  };
}

/**
 * What a cursor holds: the sort key of the last row a page showed, one value per ORDER BY column.
 * `timestamp` is microseconds since the epoch as decimal text (a JS Date would lose the
 * microseconds PostgreSQL keeps, and rows would be skipped or repeated).
 */
export type CursorField = 'timestamp' | 'int' | 'uuid' | 'bool' | 'text';
export type CursorKey = Array<string | number | boolean>;

/**
 * Which rows a list loader must read:
 * - `offset`: rows `offset`..`offset + limit` in the list's order. When the page lies in the back
 *   half of the list, `backward` asks for them by reading the list in reverse order (skipping
 *   `offset` rows from the end instead), so the last page costs what the first does.
 * - `after`: the first `limit` rows after the row whose sort key is `key` (keyset paging).
 */
export type PageWindow =
  { kind: 'offset'; backward: boolean; offset: number; limit: number } | { kind: 'after'; key: CursorKey; limit: number };

/** One page of a list: its rows, each row's sort key (same order), and how many rows the whole list has. */
export interface PageSlice<T> {
  data: T[];
  keys: CursorKey[];
}

/** Which page of which list: `path` is the route (`/api/v1/...`), `query` the other parameters its links keep. */
export interface PageRequest {
  path: string;
  page: number | undefined;
  cursor: string | undefined;
  perPage: number;
  /** The types of a row's sort key, as the loader returns them in `keys`. */
  key: readonly CursorField[];
  query?: Record<string, string | undefined>;
}

export interface ListLoader<T> {
  /** The list's exact total, from its counters (never a count of its rows). */
  total(): Promise<number>;
  /** The rows of `window`, in the list's order. */
  rows(window: PageWindow): Promise<PageSlice<T>>;
}

/** A text sort key (a name's key) holds at most this many characters. */
const MAX_CURSOR_TEXT = 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MICROSECONDS = /^-?\d{1,17}$/;

function fits(field: CursorField, value: unknown): boolean {
  switch (field) {
    case 'timestamp':
      return typeof value === 'string' && MICROSECONDS.test(value);
    case 'int':
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 2_147_483_647;
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'bool':
      return typeof value === 'boolean';
    case 'text':
      return typeof value === 'string' && value.length <= MAX_CURSOR_TEXT && !value.includes('\u0000');
  }
}

/** A cursor names its list, so one list's cursor given to another is refused rather than misread. */
export function encodeCursor(path: string, key: CursorKey): string {
  return Buffer.from(JSON.stringify([path, ...key])).toString('base64url');
}

/** The sort key a cursor holds, or 422 on `cursor` for anything this list did not hand out. */
export function decodeCursor(path: string, cursor: string, shape: readonly CursorField[]): CursorKey {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const valid =
    Array.isArray(decoded) &&
    decoded.length === shape.length + 1 &&
    decoded[0] === path &&
    shape.every((field, index) => fits(field, decoded[index + 1]));
  if (!valid) throw ValidationFailedError.field('cursor', INVALID_CURSOR_MESSAGE);
  return (decoded as unknown[]).slice(1) as CursorKey;
}

/**
 * Answers a paginated list in the contract's page envelope (decisions §1). Links keep the other
 * query parameters and point at APP_URL + the route's path, so a client can follow them as they are.
 * No request costs more for a deep page than for page 1: the total comes from counters, a page in
 * the back half of the list is read from its end, and `cursor` pages by keyset.
 */
@Injectable()
export class Paginator {
  constructor(private readonly config: ConfigService<Env, true>) {}

  async page<T>(request: PageRequest, load: ListLoader<T>): Promise<Paginated<T>> {
    if (request.cursor !== undefined && request.page !== undefined) {
      throw ValidationFailedError.field('cursor', 'Give either page or cursor, not both.');
    }
    const after = request.cursor === undefined ? undefined : decodeCursor(request.path, request.cursor, request.key);
    const total = await load.total();
    const lastPage = Math.max(1, Math.ceil(total / request.perPage));
    const link = (param: 'page' | 'cursor', value: string) => {
      const params = new URLSearchParams();
      for (const [name, given] of Object.entries(request.query ?? {})) {
        if (given !== undefined && name !== 'page' && name !== 'cursor') params.set(name, given);
      }
      params.set(param, value);
      return `${this.config.get('APP_URL', { infer: true })}${request.path}?${params.toString()}`;
    };
    const pageLink = (target: number) => link('page', String(target));
    const links = { first: pageLink(1), last: pageLink(lastPage) };

    if (after) {
      // One row past the page says whether there is a next one.
      const slice = await load.rows({ kind: 'after', key: after, limit: request.perPage + 1 });
      const more = slice.data.length > request.perPage;
      const data = slice.data.slice(0, request.perPage);
      const nextCursor = more ? encodeCursor(request.path, slice.keys[request.perPage - 1]) : null;
      return {
        data,
        links: { ...links, prev: null, next: nextCursor ? link('cursor', nextCursor) : null },
        meta: { current_page: null, from: null, last_page: lastPage, per_page: request.perPage, to: null, total, next_cursor: nextCursor },
      };
    }

    const page = request.page ?? 1;
    const offset = (page - 1) * request.perPage;
    const slice = offset >= total ? { data: [], keys: [] } : await load.rows(offsetWindow(total, offset, request.perPage));
    const from = slice.data.length ? offset + 1 : null;
    const hasNext = page < lastPage && slice.data.length > 0;
    const nextCursor = hasNext ? encodeCursor(request.path, slice.keys[slice.keys.length - 1]) : null;
    return {
      data: slice.data,
      links: { ...links, prev: page > 1 ? pageLink(page - 1) : null, next: page < lastPage ? pageLink(page + 1) : null },
      meta: {
        current_page: page,
        from,
        last_page: lastPage,
        per_page: request.perPage,
        to: from === null ? null : from + slice.data.length - 1,
        total,
        next_cursor: nextCursor,
      },
    };
  }
}

/** Rows `offset`..`offset + limit` of a list of `total` rows, read from whichever end is nearer. */
export function offsetWindow(total: number, offset: number, limit: number): PageWindow {
  if (offset * 2 <= total) return { kind: 'offset', backward: false, offset, limit };
  const end = Math.min(total, offset + limit);
  return { kind: 'offset', backward: true, offset: total - end, limit: end - offset };
}

/** `window` counted from the list's start, for a loader that reads forwards only (its list has `total` rows). */
export function forwardWindow(window: PageWindow, total: number): PageWindow {
  if (window.kind !== 'offset' || !window.backward) return window;
  return { kind: 'offset', backward: false, offset: total - window.offset - window.limit, limit: window.limit };
}
