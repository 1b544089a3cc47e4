import type { ServerResponse } from 'node:http';
import { FakeHttpServer, RecordedRequest, startFakeHttpServer } from './fake-servers';
import { useStarted } from './lifecycle';

/** What the fake provider does with the next chat completion: a JSON answer (with usage), or a raw HTTP reply. */
export type FakeAiReply =
  | { json: unknown; totalTokens?: number | null; content?: never }
  | { content: string; totalTokens?: number | null; json?: never }
  | { status: number; body?: string };

export interface FakeAiProvider {
  server: FakeHttpServer;
  /** AI_BASE_URL for the app. */
  baseUrl: string;
  /** Sets how the next completions are answered (until set again). */
  reply(reply: FakeAiReply | ((request: RecordedRequest) => FakeAiReply | Promise<FakeAiReply>)): void;
  completions(): RecordedRequest[];
}

/**
 * A local OpenAI-compatible chat-completions server: answers POST /v1/chat/completions like the
 * real API (a `chat.completion` with `usage`), or with the HTTP error the test asks for.
 */
export async function startFakeAiProvider(): Promise<FakeAiProvider> {
  let next: FakeAiReply | ((request: RecordedRequest) => FakeAiReply | Promise<FakeAiReply>) = { json: {}, totalTokens: 10 };
  const server = await startFakeHttpServer(async (request, res) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return void res.writeHead(404).end();
    const reply = typeof next === 'function' ? await next(request) : next;
    send(res, request, reply);
  });
  return {
    server,
    baseUrl: `${server.url}/v1`,
    reply: (reply) => (next = reply),
    completions: () => server.requests.filter((request) => request.url === '/v1/chat/completions'),
  };
}

export function useFakeAiProvider(): FakeAiProvider {
  return useStarted(startFakeAiProvider, (provider) => provider.server.close());
}

function send(res: ServerResponse, request: RecordedRequest, reply: FakeAiReply): void {
  if ('status' in reply) {
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body ?? '{"error":{"message":"boom"}}');
    return;
  }
  const model = (request.json as { model?: string } | undefined)?.model ?? 'fake';
  const content = reply.content ?? JSON.stringify(reply.json);
  const tokens = reply.totalTokens === undefined ? 42 : reply.totalTokens;
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      ...(tokens === null ? {} : { usage: { prompt_tokens: 1, completion_tokens: tokens - 1, total_tokens: tokens } }),
    }),
  );
}
