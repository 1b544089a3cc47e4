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
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';

/** A route's OpenAPI text: its summary, the path parameter it names, and the refusals it documents. */
export interface RouteDocs {
  summary: string;
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
    ApiOperation({ summary: docs.summary }),
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

/** A paginated list: 200 with `{ data: [item], links, meta }`. */
export const ApiPage = (item: string, docs: RouteDocs) =>
  documented(ApiOkResponse({ description: `{ data: [${item}], links, meta }` }), docs);

/** A read of one resource. */
export const ApiShow = (body: OkBody, docs: RouteDocs) => documented(ok(body), docs);

/** A change that answers 200 with the changed resource. */
export const ApiUpdated = (body: OkBody, docs: RouteDocs) => documented(ok(body), docs);

/** A removal that answers 204 without a body (the route still declares `@HttpCode(204)`). */
export const ApiRemoved = (docs: RouteDocs) => documented(ApiNoContentResponse(), docs);
