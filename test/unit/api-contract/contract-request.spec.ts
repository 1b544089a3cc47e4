import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COUNTS_FILE, flushContractRecord, MISMATCHES_FILE } from '@test/support/api-contract/contract-record';
import { contractRequest } from '@test/support/api-contract/contract-request';

const DOCUMENT = {
  openapi: '3.0.0',
  paths: {
    '/orders/{order}': {
      get: {
        operationId: 'showOrder',
        responses: {
          '200': {
            description: '',
            content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } },
          },
        },
      },
    },
    '/export.csv': { get: { operationId: 'downloadExport', responses: { '200': { description: '', content: { 'text/csv': {} } } } } },
  },
};

/** A server that serves the document and answers each path as the test needs. */
const ANSWERS: Record<string, [number, string, string]> = {
  '/orders/1': [200, 'application/json', '{"id":1}'],
  '/orders/2': [200, 'application/json', '{"id":"two"}'],
  '/orders/3': [500, 'application/json', '{"message":"Server Error"}'],
  '/export.csv': [200, 'text/csv; charset=utf-8', 'id\n1\n'],
};

describe('contractRequest: every request of the client is checked', () => {
  let server: Server;
  let baseUrl: string;
  let runDir: string;
  const previousRunDir = process.env.TEST_RUN_DIR;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const [status, type, body] =
        path === '/api/docs-json'
          ? [200, 'application/json', JSON.stringify(DOCUMENT)]
          : (ANSWERS[path] ?? [404, 'application/json', '{"message":"Not found."}']);
      res.writeHead(status, { 'Content-Type': type, 'X-Request-Id': 'r' }).end(req.method === 'HEAD' ? undefined : body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    runDir = mkdtempSync(join(tmpdir(), 'api-contract-spec-'));
    process.env.TEST_RUN_DIR = runDir;
  });
  afterEach(() => {
    flushContractRecord();
    if (previousRunDir === undefined) delete process.env.TEST_RUN_DIR;
    else process.env.TEST_RUN_DIR = previousRunDir;
    rmSync(runDir, { recursive: true, force: true });
  });
  const lines = (name: string) =>
    readFileSync(join(runDir, name), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  describe('enforce', () => {
    const http = () => contractRequest(baseUrl, { mode: 'enforce' });

    it('passes a described response', async () => {
      expect((await http().get('/orders/1')).body).toEqual({ id: 1 });
    });

    it('fails an awaited request with what to fix: method, path, status, operation, schema errors, body', async () => {
      const failure = http().get('/orders/2?verbose=1');
      await expect(failure).rejects.toThrow(
        [
          'The response does not match the API document (API_CONTRACT=enforce): GET /orders/2 answered 200',
          '  operation: showOrder (GET /orders/{order})',
          '  problem: the body does not match the 200 application/json schema',
          '    /id must be integer',
          '  body: {"id":"two"}',
        ].join('\n'),
      );
    });

    it("fails a request whose test chains its own .expect(200); the test's own expectation reports first", async () => {
      await expect(http().get('/orders/2').expect(200)).rejects.toThrow(/does not match the API document/);
      await expect(http().get('/orders/3').expect(200)).rejects.toThrow('expected 200 "OK", got 500 "Internal Server Error"');
      await expect(http().get('/orders/3').expect(500)).rejects.toThrow(/problem: status 500 is not documented \(documented: 200\)/);
    });

    it('hands the failure to an .end callback', async () => {
      const error = await new Promise<Error | null>((resolve) => {
        void http()
          .get('/orders/2')
          .end((err) => resolve(err));
      });
      expect(error?.message).toMatch(/showOrder/);
    });

    it('checks every method the client has (an unknown path answering 404 { message } passes)', async () => {
      for (const send of ['post', 'put', 'patch', 'delete', 'options', 'del'] as const) {
        expect((await http()[send]('/nowhere')).status).toBe(404);
      }
      expect((await http().head('/orders/1')).status).toBe(200);
      await expect(http().head('/orders/3')).rejects.toThrow(/status 500 is not documented/);
    });

    it('leaves a streamed download and a custom parser working, and checks their media type', async () => {
      const streamed = await http().get('/export.csv').buffer(false);
      expect(streamed.status).toBe(200);
      const parsed = await http()
        .get('/export.csv')
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => done(null, text.split('\n').filter(Boolean)));
        });
      expect(parsed.body).toEqual(['id', '1']);
      expect(() => lines(MISMATCHES_FILE)).toThrow(/ENOENT/);
    });

    it('fails every request when the document cannot be loaded', async () => {
      const client = contractRequest(baseUrl, {
        mode: 'enforce',
        document: () => Promise.reject(new Error('GET /api/docs-json answered 404')),
      });
      await expect(client.get('/orders/1')).rejects.toThrow(/the API document could not be loaded: GET \/api\/docs-json answered 404/);
    });
  });

  describe('report', () => {
    it('fails nothing, and lists each distinct mismatch once in the run directory', async () => {
      const http = () => contractRequest(baseUrl, { mode: 'report' });
      expect((await http().get('/orders/2')).status).toBe(200);
      expect((await http().get('/orders/2')).status).toBe(200);
      expect((await http().get('/orders/3').expect(500)).status).toBe(500);
      expect(lines(MISMATCHES_FILE)).toEqual([
        expect.objectContaining({
          operation: 'showOrder',
          method: 'GET',
          path: '/orders/{order}',
          status: 200,
          problem: 'the body does not match the 200 application/json schema',
          errors: ['/id must be integer'],
          mode: 'report',
          file: 'test/unit/api-contract/contract-request.spec.ts',
        }),
        expect.objectContaining({ operation: 'showOrder', status: 500, problem: 'status 500 is not documented (documented: 200)' }),
      ]);
      flushContractRecord();
      expect(lines(COUNTS_FILE)).toEqual([
        { file: 'test/unit/api-contract/contract-request.spec.ts', validated: 3, mismatches: 3, operations: ['showOrder'] },
      ]);
    });
  });

  it('off: nothing checked, nothing counted, not even the document fetched', async () => {
    const document = jest.fn(() => Promise.reject(new Error('not wanted')));
    const client = contractRequest(baseUrl, { mode: 'off', document });
    expect((await client.get('/orders/2')).status).toBe(200);
    expect(document).not.toHaveBeenCalled();
    flushContractRecord();
    expect(() => lines(COUNTS_FILE)).toThrow(/ENOENT/);
  });
});
