import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'The page must be a positive integer.' })
  @Min(1, { message: 'The page must be a positive integer.' })
  @Max(1_000_000)
  page?: number;
}

export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; from: number | null; last_page: number; per_page: number; to: number | null; total: number };
}

/**
 * The contract's page envelope (decisions §1). Links keep the other query parameters and point at
 * `baseUrl` + `path`, so a client can follow them as they are.
 */
export function paginate<T>(
  data: T[],
  total: number,
  page: number,
  perPage: number,
  location: { baseUrl: string; path: string; query?: Record<string, string | undefined> },
): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (target: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(location.query ?? {})) if (value !== undefined && name !== 'page') params.set(name, value);
    params.set('page', String(target));
    return `${location.baseUrl}${location.path}?${params.toString()}`;
  };
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    data,
    links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
    meta: { current_page: page, from, last_page: lastPage, per_page: perPage, to: from === null ? null : from + data.length - 1, total },
  };
}
