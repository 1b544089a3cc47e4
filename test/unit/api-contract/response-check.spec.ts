import { ContractDocument, type OpenApiDocument } from '@test/support/api-contract/openapi-document';
import { checkResponse, type Exchange } from '@test/support/api-contract/response-check';

const json = { description: '', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

/** A tiny document with what the check must understand: $ref, nullable, enums, headers, CSV, ranges. */
const DOCUMENT: OpenApiDocument = {
  openapi: '3.0.0',
  paths: {
    '/api/v1/orders/{order}': {
      get: {
        operationId: 'showOrder',
        responses: {
          '200': { description: '', content: { 'application/json': { schema: { $ref: '#/components/schemas/OrderResponse' } } } },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
      delete: { operationId: 'cancelOrder', responses: { '204': { description: '' }, '4XX': json } },
    },
    '/api/v1/orders/count': {
      get: {
        operationId: 'countOrders',
        responses: { '200': { description: '', content: { 'application/json': { schema: { type: 'integer', minimum: 0 } } } } },
      },
    },
    '/api/v1/orders': {
      post: {
        operationId: 'placeOrder',
        responses: {
          '201': {
            description: '',
            headers: { Location: { required: true, schema: { type: 'string' } }, 'Idempotent-Replayed': { schema: { type: 'string' } } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/OrderResponse' } } },
          },
          '429': {
            description: '',
            headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          default: json,
        },
      },
    },
    '/api/v1/exports/{id}/download': {
      get: {
        operationId: 'downloadExport',
        responses: { '200': { description: '', content: { 'text/csv': { schema: { type: 'string' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } }, additionalProperties: false },
      Order: {
        type: 'object',
        required: ['id', 'status', 'coupon_code', 'total', 'customer'],
        example: { id: 1 },
        properties: {
          id: { type: 'integer', format: 'int32', readOnly: true },
          status: { type: 'string', enum: ['pending', 'paid'] },
          coupon_code: { type: 'string', nullable: true, maxLength: 20 },
          cancelled_at: { type: 'string', format: 'date-time', nullable: true, deprecated: true },
          total: { type: 'number', minimum: 0, exclusiveMinimum: true },
          customer: { nullable: true, allOf: [{ $ref: '#/components/schemas/Customer' }] },
          channel: { type: 'string', enum: ['web', 'pos'], nullable: true },
        },
        discriminator: { propertyName: 'status' },
        xml: { name: 'order' },
        externalDocs: { url: 'https://example.com' },
      },
      Customer: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      OrderResponse: { type: 'object', required: ['data'], properties: { data: { $ref: '#/components/schemas/Order' } } },
    },
    responses: { NotFound: json },
    headers: { RetryAfter: { required: true, schema: { type: 'integer' } } },
  },
};

const ORDER = { id: 7, status: 'pending', coupon_code: 'SAVE10', total: 12.5, customer: { name: 'Ana' } };

function exchange(overrides: Partial<Exchange> & Pick<Exchange, 'method' | 'path' | 'status'>): Exchange {
  const body = 'body' in overrides ? overrides.body : undefined;
  return {
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r1' },
    body,
    text: body === undefined ? '' : JSON.stringify(body),
    ...overrides,
  };
}

describe('checkResponse', () => {
  const contract = new ContractDocument(DOCUMENT);
  const check = (overrides: Parameters<typeof exchange>[0]) => checkResponse(contract, exchange(overrides));

  it('passes a documented status whose body matches its schema, $refs resolved through the components', () => {
    expect(check({ method: 'GET', path: '/api/v1/orders/7?include=lines', status: 200, body: { data: ORDER } })).toEqual({
      operation: 'showOrder',
      template: '/api/v1/orders/{order}',
      method: 'GET',
      status: 200,
    });
  });

  it('fails a status the operation does not document, naming those it does', () => {
    const verdict = check({ method: 'GET', path: '/api/v1/orders/7', status: 401, body: { message: 'Unauthenticated.' } });
    expect(verdict).toMatchObject({ operation: 'showOrder', problem: 'status 401 is not documented (documented: 200, 404)' });
  });

  it('takes a status from its range (4XX) or from default', () => {
    expect(check({ method: 'DELETE', path: '/api/v1/orders/7', status: 403, body: { message: 'No.' } }).problem).toBeUndefined();
    expect(check({ method: 'POST', path: '/api/v1/orders', status: 422, body: { message: 'Invalid.' } }).problem).toBeUndefined();
    expect(check({ method: 'DELETE', path: '/api/v1/orders/7', status: 500, body: { message: 'x' } }).problem).toMatch(
      /^status 500 is not documented/,
    );
  });

  it('fails a body of the wrong type, with the instance path of each error', () => {
    const verdict = check({ method: 'GET', path: '/api/v1/orders/7', status: 200, body: { data: { ...ORDER, id: '7', status: 'lost' } } });
    expect(verdict.problem).toBe('the body does not match the 200 application/json schema');
    expect(verdict.errors).toEqual(
      expect.arrayContaining([
        '/data/id must be integer',
        expect.stringMatching(/^\/data\/status must be equal to one of the allowed values/),
      ]),
    );
  });

  it('accepts null where a field is nullable (typed, enum, and a $ref through allOf), and only there', () => {
    const nulls = { ...ORDER, coupon_code: null, cancelled_at: null, customer: null, channel: null };
    expect(check({ method: 'GET', path: '/api/v1/orders/7', status: 200, body: { data: nulls } }).problem).toBeUndefined();
    const verdict = check({ method: 'GET', path: '/api/v1/orders/7', status: 200, body: { data: { ...ORDER, status: null } } });
    expect(verdict.errors).toContain('/data/status must be string');
  });

  it('checks formats and 3.0 boolean exclusive bounds, and a nested $ref', () => {
    const bad = { ...ORDER, cancelled_at: 'yesterday', total: 0, customer: { name: 1 } };
    expect(check({ method: 'GET', path: '/api/v1/orders/7', status: 200, body: { data: bad } }).errors).toEqual(
      expect.arrayContaining([
        '/data/cancelled_at must match format "date-time"',
        '/data/total must be > 0',
        '/data/customer/name must be string',
      ]),
    );
  });

  it('accepts 3.1 type arrays with null', () => {
    const document: OpenApiDocument = {
      openapi: '3.1.0',
      paths: {
        '/things': {
          get: {
            responses: {
              '200': {
                description: '',
                content: { 'application/json': { schema: { type: 'object', properties: { note: { type: ['string', 'null'] } } } } },
              },
            },
          },
        },
      },
    };
    const v31 = new ContractDocument(document);
    expect(checkResponse(v31, exchange({ method: 'GET', path: '/things', status: 200, body: { note: null } }))).toEqual({
      operation: 'GET /things',
      template: '/things',
      method: 'GET',
      status: 200,
    });
    expect(checkResponse(v31, exchange({ method: 'GET', path: '/things', status: 200, body: { note: 3 } })).errors).toEqual([
      '/note must be string,null',
    ]);
  });

  it('fails a response without a required header (Location on 201, Retry-After through a $ref on 429)', () => {
    const created = { method: 'POST', path: '/api/v1/orders', status: 201, body: { data: ORDER } };
    expect(check(created).problem).toBe('required header Location missing from the 201 response');
    expect(check({ ...created, headers: { 'content-type': 'application/json', location: '/api/v1/orders/7' } }).problem).toBeUndefined();
    const limited = { method: 'POST', path: '/api/v1/orders', status: 429, body: { message: 'Too Many Attempts.' } };
    expect(check(limited).problem).toBe('required header Retry-After missing from the 429 response');
    expect(check({ ...limited, headers: { 'content-type': 'application/json', 'retry-after': '5' } }).problem).toBeUndefined();
  });

  it('checks the media type of a non-JSON body against those listed for the status', () => {
    const csv = { method: 'GET', path: '/api/v1/exports/3/download', status: 200, body: {}, text: 'id,total\n1,2\n' };
    expect(check({ ...csv, headers: { 'content-type': 'text/csv; charset=utf-8' } }).problem).toBeUndefined();
    expect(check({ ...csv, headers: { 'content-type': 'text/html; charset=utf-8' } }).problem).toBe(
      'media type text/html is not listed for 200 (listed: text/csv)',
    );
  });

  it('fails a body where the document gives no content, and no body where it gives one', () => {
    expect(check({ method: 'DELETE', path: '/api/v1/orders/7', status: 204 }).problem).toBeUndefined();
    expect(check({ method: 'GET', path: '/api/v1/orders/7', status: 200, text: '' }).problem).toBe(
      'the 200 response has no body; the document gives application/json',
    );
  });

  it('matches paths as Express does: literal segments case-insensitively, a trailing slash, the most specific template', () => {
    expect(check({ method: 'GET', path: '/API/v1/Orders/count/', status: 200, body: 3 }).operation).toBe('countOrders');
    expect(check({ method: 'GET', path: '/api/v1/orders/%E2%9C%93', status: 404, body: { message: 'Not found.' } }).operation).toBe(
      'showOrder',
    );
    // A segment that does not percent-decode is Express's 400, no operation's.
    expect(check({ method: 'GET', path: '/api/v1/orders/%E0%A4%A', status: 400, body: { message: 'Bad.' } })).toMatchObject({
      operation: '(no operation)',
      problem: undefined,
    });
  });

  it('HEAD is checked as GET without its body', () => {
    const verdict = check({ method: 'HEAD', path: '/api/v1/orders/7', status: 200, text: undefined });
    expect(verdict.operation).toBe('showOrder');
    expect(verdict.problem).toBeUndefined();
  });

  describe('a path or method the document does not know', () => {
    it('passes a 404 with the Error body { message }', () => {
      expect(check({ method: 'GET', path: '/nowhere/7', status: 404, body: { message: 'Cannot GET /nowhere/7' } })).toEqual({
        operation: '(no operation)',
        template: '/nowhere/7',
        method: 'GET',
        status: 404,
        problem: undefined,
      });
      expect(check({ method: 'PUT', path: '/api/v1/orders/7', status: 404, body: { message: 'Cannot PUT' } }).problem).toBeUndefined();
    });

    it('fails any other body, or another status', () => {
      expect(check({ method: 'GET', path: '/nowhere', status: 404, body: { message: 'x', stack: 'y' } }).problem).toBe(
        'the body must be the Error body { message: string } and nothing else',
      );
      expect(
        check({ method: 'GET', path: '/nowhere', status: 404, headers: { 'content-type': 'text/html' }, text: '<h1>404</h1>' }).problem,
      ).toBe('the body must be the Error body { message } as JSON, not text/html');
      expect(check({ method: 'GET', path: '/nowhere', status: 200, body: { message: 'ok' } }).problem).toMatch(
        /^no operation of the document is GET \/nowhere/,
      );
    });
  });

  it('holds what Node answers before any route (431, a 400 without X-Request-Id) to the Error body, on any path', () => {
    expect(check({ method: 'GET', path: '/api/v1/orders/7', status: 431, body: { message: 'Too large.' } })).toMatchObject({
      operation: '(answered before routing)',
      problem: undefined,
    });
    const bad = check({ method: 'POST', path: '/api/v1/orders', status: 400, headers: { 'content-type': 'text/plain' }, text: 'Bad' });
    expect(bad).toMatchObject({ operation: '(answered before routing)', problem: expect.stringMatching(/Error body/) });
  });

  it('leaves out the routes that serve the document itself, and CORS preflights', () => {
    expect(check({ method: 'GET', path: '/api/docs-json', status: 200, body: DOCUMENT }).skipped).toBe(true);
    expect(check({ method: 'GET', path: '/api/docs/swagger-ui.css', status: 200, text: 'x' }).skipped).toBe(true);
    const preflight = { method: 'OPTIONS', path: '/api/v1/orders', status: 204, text: '' };
    expect(check({ ...preflight, headers: { 'access-control-allow-methods': 'GET,POST' } }).skipped).toBe(true);
    expect(check(preflight)).toMatchObject({
      operation: '(no operation)',
      problem: expect.stringMatching(/^no operation of the document is OPTIONS/),
    });
  });

  it('reports a schema that does not compile as a problem of the document', () => {
    const broken = new ContractDocument({
      openapi: '3.0.0',
      paths: {
        '/x': {
          get: {
            responses: { '200': { description: '', content: { 'application/json': { schema: { $ref: '#/components/schemas/Gone' } } } } },
          },
        },
      },
    });
    expect(checkResponse(broken, exchange({ method: 'GET', path: '/x', status: 200, body: {} })).problem).toMatch(
      /^the document's schema for 200 application\/json does not compile/,
    );
  });
});
