import fc from 'fast-check';
import type { Response } from 'supertest';
import { PAYMENT_EVENT_TYPES } from '@modules/payments/domain/payment-events';
import { signWebhookBody } from '@modules/payments/domain/webhook-signature';
import { createCoupon, createLocation, createOrderWithProduct, createProduct, createShop } from '@test/support/commerce-factories';
import { createUser, issueToken, PROVEN_EMAIL } from '@test/support/factories';
import { useFakeAiProvider } from '@test/support/fake-ai-provider';
import type { RecordedRequest } from '@test/support/fake-servers';
import { useFakeSocialProviders } from '@test/support/fake-social-providers';
import { ApiDocument, documentsStatus, Operation, operationsOf } from '@test/support/fuzz/api-operations';
import { fuzzSettings } from '@test/support/fuzz/fuzz-settings';
import { BodySchemas, FuzzFixtures, FuzzRequest, requestsOf } from '@test/support/fuzz/fuzz-requests';
import { describeValue } from '@test/support/fuzz/json-text';
import { SchemaArbitraries } from '@test/support/fuzz/schema-arbitraries';
import { uniqueClientIp } from '@test/support/http-clients';
import { TestApp, useTestApp } from '@test/support/test-app';

const SECRET = 'whsec_test_api_fuzz';
const settings = fuzzSettings();

/**
 * Operations of the document left out, each for its reason. Everything else is fuzzed, and an
 * operation added to the document is fuzzed without a change here.
 */
const NOT_FUZZED: Record<string, string> = {
  // The admin page and its two assets are static files: they read no parameter, header or body.
  'GET /admin/architecture-health': 'a static HTML page',
  'GET /admin/architecture-health.js': 'a static asset',
  'GET /admin/architecture-health.css': 'a static asset',
};

/**
 * Operations that end the session they are called with (DELETE /auth/token revokes the caller's
 * token): each request gets a fresh token of the account it is sent as, so the others keep theirs.
 */
const ENDS_CALLER_SESSION = new Set(['DELETE /api/v1/auth/token']);

/** Bodies the document does not describe (the webhook is read as raw bytes and checked against its signature). */
const UNDOCUMENTED_BODIES = (fixtures: { orderIds: number[]; tenantIds: string[] }): BodySchemas => ({
  'POST /api/webhooks/payment': {
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 40 },
      event: { type: 'string', enum: [...PAYMENT_EVENT_TYPES, 'something.else'] },
      data: {
        type: 'object',
        properties: {
          order_id: { type: 'integer', enum: [...fixtures.orderIds, 0, 2_147_483_648] },
          tenant_id: { type: 'string', enum: [...fixtures.tenantIds, 'not-a-uuid'] },
          reason: { type: 'string', maxLength: 40 },
          ends_at: { type: 'string', format: 'date-time' },
        },
      },
    },
    required: ['event', 'data'],
  },
});

/**
 * 4xx bodies other than `{ message, errors? }` that the contract gives an operation
 * (docs/http-contract.md): the webhook's own 422 for a signed body that is not an event.
 */
const OWN_ERROR_BODIES: Record<string, (status: number, body: unknown) => boolean> = {
  'POST /api/webhooks/payment': (status, body) => status === 422 && isObject(body) && body.status === 'invalid',
};

/** The hosted shop pages answer an unknown shop, order or product with a page of their own (text/html 404, as documented). */
const HTML_NOT_FOUND = new Set([
  'GET /s/{slug}',
  'GET /s/{slug}/checkout',
  'GET /s/{slug}/orders/{orderNumber}',
  'GET /s/{slug}/p/{product}',
]);

interface Account {
  userId: string;
  token: string;
}

describe('Every operation of the API document answers generated requests below 500 (issue 25)', () => {
  const ai = useFakeAiProvider();
  const social = useFakeSocialProviders();
  // Queues of its own: the jobs its requests leave (mails, exports, AI) are never another file's app's work.
  const t = useTestApp(() => ({
    env: {
      ...social.env(),
      QUEUE_PREFIX: `fuzz${process.pid}`,
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: 'sk-test',
      AI_MAX_RETRIES: '0',
      PAYMENT_WEBHOOK_SECRET: SECRET,
    },
  }));

  it(
    `sends ${settings.runs} requests per operation (seed ${settings.seed}) and gets a documented status and error shape`,
    async () => {
      ai.reply(aiAnswer);
      const document = (await t.http().get('/api/docs-json').expect(200)).body as ApiDocument;
      const { fixtures, accounts, bodySchemas } = await createFixtures(t, social);
      const schemas = new SchemaArbitraries(document.components?.schemas ?? {}, fixtures.hints);
      const operations = operationsOf(document).filter(
        (operation) =>
          !NOT_FUZZED[operation.label] &&
          (!settings.operation || operation.label.includes(settings.operation) || operation.operationId === settings.operation),
      );
      expect(operations.length).toBeGreaterThan(0);
      console.log(
        `api-fuzz: seed ${settings.seed} (${settings.seedSource}), ${settings.runs} runs per operation, ${operations.length} operations, ` +
          `API_CONTRACT=${settings.contract}. Again: FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.runs}`,
      );

      const undocumented = new Map<string, Set<number>>();
      const tally = new Map<string, Map<number, number>>();
      const failures: string[] = [];
      let sent = 0;
      const started = Date.now();
      for (const operation of operations) {
        const property = fc.asyncProperty(requestsOf(operation, schemas, fixtures, bodySchemas), async (request) => {
          const res = await send(t, operation, request, accounts);
          sent++;
          const counts = tally.get(operation.label) ?? new Map<number, number>();
          tally.set(operation.label, counts.set(res.status, (counts.get(res.status) ?? 0) + 1));
          const problems = problemsOf(operation, res);
          if (!documentsStatus(operation, res.status)) {
            if (settings.contract === 'enforce') problems.push(`status ${res.status} is not one the document gives the operation`);
            else if (settings.contract === 'report')
              undocumented.set(operation.label, (undocumented.get(operation.label) ?? new Set()).add(res.status));
          }
          if (problems.length > 0) {
            throw new Error(`${problems.join('; ')}\n  answered ${res.status} ${cut(res.text)}\n  to ${describeRequest(request)}`);
          }
        });
        try {
          await fc.assert(property, { seed: settings.seed, numRuns: settings.runs, includeErrorInReport: true });
        } catch (error) {
          failures.push(`${operation.label} (${operation.operationId ?? 'no operationId'}): ${(error as Error).message}`);
        }
      }

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`api-fuzz: ${sent} requests to ${operations.length} operations in ${seconds} s, ${failures.length} failing`);
      if (settings.verbose) {
        console.log(
          `api-fuzz: statuses answered:\n${[...tally]
            .map(
              ([label, counts]) =>
                `  ${label}: ${[...counts]
                  .sort(([a], [b]) => a - b)
                  .map(([status, n]) => `${status}×${n}`)
                  .join(' ')}`,
            )
            .join('\n')}`,
        );
      }
      if (undocumented.size > 0) {
        console.log(
          `api-fuzz: statuses the document does not give (API_CONTRACT=enforce fails on them):\n${[...undocumented]
            .map(([label, statuses]) => `  ${label}: ${[...statuses].sort().join(', ')}`)
            .join('\n')}`,
        );
      }
      if (failures.length > 0) {
        throw new Error(
          `${failures.length} operation(s) failed (repeat one with FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.runs} FUZZ_OPERATION=<operationId>):\n\n${failures.join('\n\n')}`,
        );
      }
    },
    120_000 + settings.runs * 8_000,
  );
});

/** What is wrong with an answer whatever the document says: a 5xx, or a 4xx body not in the shared error shape. */
function problemsOf(operation: Operation, res: Response): string[] {
  if (res.status >= 500) return [`answered ${res.status}`];
  if (res.status < 400) return [];
  if (res.status === 404 && HTML_NOT_FOUND.has(operation.label) && /^text\/html/i.test(String(res.headers['content-type']))) return [];
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return [`a ${res.status} whose body is not JSON (${res.headers['content-type'] ?? 'no content type'})`];
  }
  if (OWN_ERROR_BODIES[operation.label]?.(res.status, body)) return [];
  if (!/^application\/json/i.test(String(res.headers['content-type'])))
    return [`a ${res.status} with Content-Type ${res.headers['content-type']}`];
  if (!isObject(body) || typeof body.message !== 'string') return [`a ${res.status} body without a string message`];
  if (body.errors !== undefined) {
    const errors = body.errors;
    const wellFormed =
      isObject(errors) &&
      Object.values(errors).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'));
    if (!wellFormed) return [`a ${res.status} whose errors is not { field: [string] }`];
  }
  return [];
}

async function send(t: TestApp, operation: Operation, request: FuzzRequest, accounts: Record<string, Account>): Promise<Response> {
  const method = request.method as 'get' | 'post' | 'patch' | 'put' | 'delete';
  // A client address of its own: the fuzz reaches the handlers whatever the rate limits.
  const req = t.http()[method](request.url).set('X-Forwarded-For', uniqueClientIp()).timeout({ response: 15_000, deadline: 30_000 });
  const { identity } = request;
  if (identity.kind === 'header') req.set('Authorization', identity.value);
  if (identity.kind === 'account') {
    const account = accounts[identity.name];
    const token = ENDS_CALLER_SESSION.has(operation.label) ? await issueToken(t, account.userId) : account.token;
    req.set('Authorization', `Bearer ${token}`);
  }
  req.set(request.headers);
  const body = request.body;
  if (request.signature === 'valid') req.set('X-Signature', signWebhookBody(SECRET, body?.text ?? ''));
  if (request.signature === 'garbage') req.set('X-Signature', 'ab'.repeat(32));
  if (!body) return req;
  if (body.contentEncoding !== undefined) req.set('Content-Encoding', body.contentEncoding);
  // A string goes as it is under the type set; a Buffer goes with none (superagent would write a
  // Buffer under a JSON type as {"type":"Buffer",...}, and give a string a form type of its own).
  if (body.contentType === undefined) return req.send(Buffer.from(body.text, 'utf8'));
  return req.set('Content-Type', body.contentType).send(body.text);
}

/** The rows the generated requests name: two shops, their products, a coupon, an order; and the accounts they are sent as. */
async function createFixtures(t: TestApp, social: ReturnType<typeof useFakeSocialProviders>) {
  const shop = await createShop(t);
  // The AI calls need a proven email: the owner's is, so the fuzz reaches past that check.
  await t.db.query('UPDATE users SET email_verified_at = $2 WHERE id = $1', [shop.owner.id, PROVEN_EMAIL.emailVerifiedAt]);
  const other = await createShop(t);
  const customer = await createUser(t);
  const admin = await createUser(t, { isSuperAdmin: true });
  const products = [
    await createProduct(t, shop.tenant.id),
    await createProduct(t, shop.tenant.id, { stock: 2 }),
    await createProduct(t, other.tenant.id),
  ];
  const secondLocation = await createLocation(t, shop.tenant.id, { isPrimary: false });
  const coupon = await createCoupon(t, shop.tenant.id, { isPublic: true });
  const orders = [
    await createOrderWithProduct(t, shop.tenant.id, products[0].id),
    await createOrderWithProduct(t, other.tenant.id, products[2].id),
  ];
  const socialAccount = { sub: 'fuzz-google-account', email: 'fuzz-social@example.com' };
  const socialToken = await social.issue('google', socialAccount);

  const tenantIds = [shop.tenant.id, other.tenant.id];
  const orderIds = orders.map((order) => order.id);
  const fixtures: FuzzFixtures = {
    ids: [...products.map((p) => p.id), ...orderIds, shop.location.id, secondLocation.id, coupon.id, ...tenantIds, shop.owner.id],
    tenantIds,
    tenantSlugs: [shop.tenant.slug, other.tenant.slug],
    accounts: ['owner', 'otherOwner', 'customer', 'admin'],
    hints: {
      tenant_id: [...tenantIds, shop.tenant.slug],
      product_id: products.map((p) => p.id),
      location_id: [shop.location.id, secondLocation.id],
      code: [coupon.code],
      coupon_code: [coupon.code],
      order_id: orderIds,
      token: [socialToken],
      provider_id: [socialAccount.sub],
      email: [socialAccount.email, shop.owner.email],
      identifier: [shop.owner.email, '+50499998888'],
    },
  };
  const accounts: Record<string, Account> = {
    owner: { userId: shop.owner.id, token: shop.token },
    otherOwner: { userId: other.owner.id, token: other.token },
    customer: { userId: customer.user.id, token: customer.token },
    admin: { userId: admin.user.id, token: admin.token },
  };
  return { fixtures, accounts, bodySchemas: UNDOCUMENTED_BODIES({ orderIds, tenantIds }) };
}

/** The fake AI provider's answer in the shape each prompt asks for (the fuzz is about our API, not about bad provider answers). */
function aiAnswer(request: RecordedRequest) {
  const messages = (request.json as { messages?: Array<{ content?: unknown }> } | undefined)?.messages ?? [];
  const prompt = messages.map((message) => String(message.content)).join('\n');
  if (prompt.includes('"seo_title": string')) {
    return {
      json: { description: 'Fresh bread.', seo_title: 'Bread', seo_description: 'Bread daily.', slogan: 'Bread!', tags: ['bread'] },
    };
  }
  if (prompt.includes('string[]')) return { json: { content: ['bread', 'cakes'] } };
  if (prompt.includes('"title": string')) return { json: { content: { title: 'Bread', description: 'Bread daily.' } } };
  return { json: { content: 'Fresh bread, every morning.' } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function cut(text: string | undefined, limit = 400): string {
  if (!text) return '(no body)';
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

function describeRequest(request: FuzzRequest): string {
  const who =
    request.identity.kind === 'account'
      ? request.identity.name
      : request.identity.kind === 'none'
        ? 'no token'
        : cut(request.identity.value, 60);
  const body = request.body;
  const bodyText = body
    ? ` body ${body.contentType ?? '(no Content-Type)'}${body.contentEncoding ? ` encoded ${body.contentEncoding}` : ''}: ${
        body.value !== undefined ? describeValue(body.value) : cut(body.text, 200)
      }`
    : '';
  return `${request.method.toUpperCase()} ${cut(request.url, 300)} as ${who} headers ${JSON.stringify(request.headers)}${
    request.signature ? ` signature ${request.signature}` : ''
  }${bodyText}`;
}
