import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { Env } from '@config/env.validation';
import { IsDbInt } from './is-db-int.decorator';

/** Far beyond any real list; keeps offsets small. */
const MAX_PAGE = 1_000_000;

export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsDbInt({ max: MAX_PAGE })
  page?: number;
}

export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; from: number | null; last_page: number; per_page: number; to: number | null; total: number };
}

/** One page of a list and how many rows the whole list has (a page past the end still reports it). */
export interface PageSlice<T> {
  data: T[];
  total: number;
}

/** Which page of which list: `path` is the route (`/api/v1/...`), `query` the other parameters its links keep. */
export interface PageRequest {
  path: string;
  page: number | undefined;
  perPage: number;
  query?: Record<string, string | undefined>;
}

/**
 * Answers a paginated list in the contract's page envelope (decisions §1). Links keep the other
 * query parameters and point at APP_URL + the route's path, so a client can follow them as they are.
 */
@Injectable()
export class Paginator {
  constructor(private readonly config: ConfigService<Env, true>) {}

  /** Loads the requested page (1 when none is asked for) and wraps it. */
  async page<T>(request: PageRequest, load: (page: number) => Promise<PageSlice<T>>): Promise<Paginated<T>> {
    const page = request.page ?? 1;
    const { data, total } = await load(page);
    const lastPage = Math.max(1, Math.ceil(total / request.perPage));
    const link = (target: number) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined && name !== 'page') params.set(name, value);
      params.set('page', String(target));
      return `${this.config.get('APP_URL', { infer: true })}${request.path}?${params.toString()}`;
    };
    const from = data.length ? (page - 1) * request.perPage + 1 : null;
    return {
      data,
      links: {
        first: link(1),
        last: link(lastPage),
        prev: page > 1 ? link(page - 1) : null,
        next: page < lastPage ? link(page + 1) : null,
      },
      meta: {
        current_page: page,
        from,
        last_page: lastPage,
        per_page: request.perPage,
        to: from === null ? null : from + data.length - 1,
        total,
      },
    };
  }
}
