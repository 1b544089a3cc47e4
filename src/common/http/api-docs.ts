import { applyDecorators, Type } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiParamOptions,
  ApiProperty,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
  ApiExtraModels,
  ApiExtension,
  getSchemaPath,
} from '@nestjs/swagger';
import { NEVER_ANSWERS } from './openapi-document';

/** A route's OpenAPI text: its summary, the path parameter it names, and the refusals it documents. */
export interface RouteDocs {
  summary: string;
  /** Longer text, where the behaviour needs more words than the summary. */
  description?: string;
  /** Verb-noun camelCase (`listProducts`); the handler's name when left out. */
  operationId?: string;
  param?: ApiParamOptions;
  /** 404 description. */
  notFound?: string;
  /** 422 description. */
  invalid?: string;
  /** 409 description. */
  conflict?: string;
}

/** What a 200 answers: the response class, or a description of the body. */
type OkBody = Type<unknown> | string;

function documented(success: MethodDecorator, docs: RouteDocs): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: docs.summary,
      ...(docs.description ? { description: docs.description } : {}),
      ...(docs.operationId ? { operationId: docs.operationId } : {}),
    }),
    ...(docs.param ? [ApiParam(docs.param)] : []),
    success,
    ...(docs.notFound ? [ApiNotFoundResponse({ description: docs.notFound })] : []),
    ...(docs.invalid ? [ApiUnprocessableEntityResponse({ description: docs.invalid })] : []),
    ...(docs.conflict ? [ApiConflictResponse({ description: docs.conflict })] : []),
  );
}

const ok = (body: OkBody) => ApiOkResponse(typeof body === 'string' ? { description: body } : { type: body });

/** A POST that answers 201 with `type`. */
export const ApiCreated = (type: Type<unknown>, docs: RouteDocs) => documented(ApiCreatedResponse({ type }), docs);

class PageLinks {
  @ApiProperty({ description: 'The first page' })
  first: string;
  @ApiProperty({ description: 'The last page' })
  last: string;
  @ApiProperty({ type: 'string', nullable: true })
  prev: string | null;
  @ApiProperty({ type: 'string', nullable: true })
  next: string | null;
}

class PageMeta {
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, description: 'null on a page reached by cursor' })
  current_page: number | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, description: 'Position of the first row shown; null on an empty page' })
  from: number | null;
  @ApiProperty({ type: 'integer', minimum: 1 })
  last_page: number;
  @ApiProperty({ type: 'integer', minimum: 1 })
  per_page: number;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, description: 'Position of the last row shown; null on an empty page' })
  to: number | null;
  @ApiProperty({ type: 'integer', minimum: 0 })
  total: number;
  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as `cursor` for the next page; null on the last' })
  next_cursor: string | null;
}

/** The 422 of a list's `page` / `cursor` query (common/http/pagination). */
export const PAGE_INVALID = 'page not an integer from 1 to 1000000, a cursor this list did not give, or both page and cursor';

/** A paginated list: 200 with `{ data: [item], links, meta }` (common/http/pagination). */
export const ApiPage = (item: Type<unknown>, docs: RouteDocs) =>
  applyDecorators(
    ApiExtraModels(item, PageLinks, PageMeta),
    documented(
      ApiOkResponse({
        description: 'One page of the list',
        schema: {
          type: 'object',
          required: ['data', 'links', 'meta'],
          properties: {
            data: { type: 'array', items: { $ref: getSchemaPath(item) } },
            links: { $ref: getSchemaPath(PageLinks) },
            meta: { $ref: getSchemaPath(PageMeta) },
          },
        },
      }),
      docs,
    ),
  );

/** A read of one resource. */
export const ApiShow = (body: OkBody, docs: RouteDocs) => documented(ok(body), docs);

/** A change that answers 200 with the changed resource. */
export const ApiUpdated = (body: OkBody, docs: RouteDocs) => documented(ok(body), docs);

/** A removal that answers 204 without a body (the route still declares `@HttpCode(204)`). */
export const ApiRemoved = (docs: RouteDocs) => documented(ApiNoContentResponse(), docs);

/** The shared error bodies (openapi-document.ts), for a response that documents its own content. */
export const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' };
export const VALIDATION_ERROR_SCHEMA = { $ref: '#/components/schemas/ValidationError' };

/** `Retry-After` where only some of a status's answers send it (a dependency outage does; a domain refusal does not). */
export const optionalRetryAfter = (description: string) => ({
  'Retry-After': { description, required: false, schema: { type: 'integer', minimum: 0 } },
});

/**
 * Shared statuses the route can never answer, which the document would otherwise add from what the
 * route declares (`'400'`, `'422'`: a body read as text and never refused; `'503'`: a probe that
 * answers an outage with a body of its own).
 */
export const ApiNeverAnswers = (...statuses: Array<'400' | '404' | '422' | '503'>) => ApiExtension(NEVER_ANSWERS, statuses);

/**
 * A 429 that the route's own rules answer too (a bound on what one client may hold), without
 * `Retry-After`, since waiting does not lift it: the header is optional here, sent only when the
 * rate limit refused the request.
 */
export const ApiBoundedTooManyRequests = (description: string) =>
  ApiTooManyRequestsResponse({
    description,
    headers: {
      'Retry-After': {
        description: 'Sent when the rate limit refused the request: seconds to wait before trying again',
        required: false,
        schema: { type: 'integer', minimum: 0 },
      },
    },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
