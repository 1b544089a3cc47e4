import request, { type Response, type Test } from 'supertest';
import { recordChecked, recordMismatch } from './contract-record';
import { contractDocumentOf, type ContractDocument } from './openapi-document';
import { checkResponse, type Exchange, type Verdict } from './response-check';

/**
 * The e2e suite's HTTP client: supertest's `request(baseUrl)`, every request of which is checked
 * against the API document the app serves (decisions §16; docs/testing.md "Response validation").
 *
 * API_CONTRACT decides what a response the document does not describe does:
 * - `enforce`: the request fails with what to fix (its promise rejects, its `.end` callback gets the error);
 * - `report` (the default while the document is being completed): nothing fails; each distinct
 *   mismatch is listed at the end of the run (test/support/summary-reporter.js);
 * - `off`: nothing is checked.
 */
export type HttpClient = ReturnType<typeof request>;
export type ContractMode = 'enforce' | 'report' | 'off';

const MODES: ContractMode[] = ['enforce', 'report', 'off'];
export const DEFAULT_CONTRACT_MODE: ContractMode = 'enforce';

export function contractMode(env: NodeJS.ProcessEnv = process.env): ContractMode {
  const value = (env.API_CONTRACT?.trim() || DEFAULT_CONTRACT_MODE).toLowerCase();
  if (!(MODES as string[]).includes(value)) throw new Error(`API_CONTRACT must be one of ${MODES.join(', ')}, not "${value}"`);
  return value as ContractMode;
}

/** Where the document comes from: loaded once, on the first request that needs it. */
export type DocumentSource = Promise<ContractDocument> | (() => Promise<ContractDocument>);

export interface ContractRequestOptions {
  /** Default: `GET {baseUrl}/api/docs-json`, fetched on the first request. */
  document?: DocumentSource;
  /** Default: API_CONTRACT, read at each request. */
  mode?: ContractMode;
}

/** `request(baseUrl)` whose every request (get, post, put, patch, delete, head, options, ...) is checked. */
export function contractRequest(baseUrl: string, options: ContractRequestOptions = {}): HttpClient {
  const client = request(baseUrl);
  const document = once(options.document ?? (() => fetchApiDocument(baseUrl)));
  const methods = client as unknown as Record<string, (url: string) => Test>;
  for (const [name, make] of Object.entries(methods)) {
    if (typeof make !== 'function') continue;
    methods[name] = (url: string) => checked(make.call(client, url), document, options.mode);
  }
  return client;
}

/** The document the app at `baseUrl` serves, as a ContractDocument (compiled validators shared by equal documents). */
export async function fetchApiDocument(baseUrl: string): Promise<ContractDocument> {
  const res = await request(baseUrl).get('/api/docs-json').timeout(10_000);
  if (res.status !== 200) throw new Error(`GET ${baseUrl}/api/docs-json answered ${res.status}`);
  return contractDocumentOf(res.text);
}

function once(source: DocumentSource): () => Promise<ContractDocument> {
  let loaded: Promise<ContractDocument> | undefined;
  return () => {
    loaded ??= typeof source === 'function' ? source() : source;
    return loaded;
  };
}

/**
 * Arms `test` with the check: when it is sent (`end`, which `await` and `.then` call too), the
 * document is awaited and the check added after the test's own assertions (an `.expect(200)` that
 * fails reports first), so a mismatch fails the request however the test reads its result. The
 * failure's stack is where the test made the request.
 */
function checked(test: Test, document: () => Promise<ContractDocument>, fixedMode?: ContractMode): Test {
  const mode = fixedMode ?? contractMode();
  if (mode === 'off') return test;
  const origin: { stack?: string } = {};
  Error.captureStackTrace(origin, checked);
  const end = test.end.bind(test);
  let armed = false;
  test.end = (callback?: Parameters<Test['end']>[0]) => {
    if (armed) return end(callback);
    armed = true;
    document().then(
      (contract) => {
        addAssertion(test, (res) => verify(contract, test, res, mode, origin.stack));
        end(callback);
      },
      (error: unknown) => {
        addAssertion(test, (res) => verifyWithoutDocument(error, test, res, mode, origin.stack));
        end(callback);
      },
    );
    return test;
  };
  return test;
}

/**
 * After the test's own. Straight into supertest's list, as `.expect(fn)` would put it but without
 * its wrapper, which would replace the stack of the request's origin with this file's.
 */
function addAssertion(test: Test, assertion: (res: Response) => void): void {
  const asserts = (test as unknown as { _asserts?: unknown })._asserts;
  if (Array.isArray(asserts)) asserts.push(assertion);
  else test.expect(assertion);
}

/** The error of a mismatch, its stack the test's request (this folder's own frames left out). */
function contractError(message: string, stack: string | undefined): Error {
  const error = new Error(message);
  const frames = (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line) && !line.includes('api-contract'));
  error.stack = [`Error: ${message}`, ...frames].join('\n');
  return error;
}

function verify(contract: ContractDocument, test: Test, res: Response, mode: ContractMode, stack?: string): void {
  const verdict = checkResponse(contract, exchangeOf(test, res));
  if (verdict.skipped) return;
  recordChecked(verdict);
  if (verdict.problem === undefined) return;
  const excerpt = bodyExcerpt(res);
  recordMismatch(verdict, mode, excerpt);
  if (mode === 'enforce') throw contractError(mismatchMessage(verdict, pathOf(test, res), excerpt), stack);
}

function verifyWithoutDocument(error: unknown, test: Test, res: Response, mode: ContractMode, stack?: string): void {
  const method = test.method.toUpperCase();
  const path = pathOf(test, res);
  const verdict: Verdict = {
    operation: '(no document)',
    template: path,
    method,
    status: res.status,
    problem: `the API document could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
  };
  // Not counted as validated: there was nothing to validate against.
  recordMismatch(verdict, mode, bodyExcerpt(res));
  if (mode === 'enforce') throw contractError(mismatchMessage(verdict, path, bodyExcerpt(res)), stack);
}

function exchangeOf(test: Test, res: Response): Exchange {
  const text = typeof res.text === 'string' ? res.text : undefined;
  const body: unknown = res.body;
  return {
    method: test.method,
    path: pathOf(test, res),
    status: res.status,
    headers: res.headers,
    body: text === undefined && !Buffer.isBuffer(body) ? undefined : body,
    text,
    bytes: Buffer.isBuffer(body) ? body.length : undefined,
  };
}

/** The path as it went on the wire (Node's request), else as the test wrote it. */
function pathOf(test: Test, res: Response): string {
  const sent = (res as unknown as { req?: { path?: string } }).req?.path;
  if (typeof sent === 'string') return sent;
  try {
    const url = new URL(test.url);
    return url.pathname + url.search;
  } catch {
    return test.url;
  }
}

function bodyExcerpt(res: Response): string {
  const text = typeof res.text === 'string' ? res.text : Buffer.isBuffer(res.body) ? `<${res.body.length} bytes>` : '';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

export function mismatchMessage(verdict: Verdict, path: string, excerpt: string): string {
  const where = verdict.operation.startsWith('(') ? verdict.operation : `${verdict.operation} (${verdict.method} ${verdict.template})`;
  return [
    `The response does not match the API document (API_CONTRACT=enforce): ${verdict.method} ${path.split('?')[0]} answered ${verdict.status}`,
    `  operation: ${where}`,
    `  problem: ${verdict.problem}`,
    ...(verdict.errors ?? []).map((error) => `    ${error}`),
    `  body: ${excerpt || '(empty)'}`,
    'Complete the document (the operation\'s decorators in src/), never the check: docs/testing.md "Response validation".',
  ].join('\n');
}
