import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Node's own answers to a request it cannot parse, with the contract's `{ message }` body instead of none. */
const ANSWERS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request header fields are too large.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'The request chunk extensions are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
};
const BAD_REQUEST: [number, string, string] = [400, 'Bad Request', 'The request is not valid HTTP.'];

/** Node's own field on a socket: the response it is writing, until that response has finished. */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * A request Node's parser refuses (oversized headers, malformed HTTP, a request that never
 * finishes) never reaches Express: without this, Node writes a bare status line with an empty body
 * (431 with the JSON error body: docs/http-contract.md). Same statuses as Node's, with the headers every
 * answer carries (`headers`, docs/security.md, "Response headers and the HTTP edge"), then the socket closes.
 *
 * The answer is written whenever no response has started on the socket, which is Node's own rule:
 * on a kept-alive connection the earlier requests' answers are complete, so the second request's
 * 431 is as due as the first's (docs/security.md, "Response headers and the HTTP edge").
 * Only when a response is half written would more bytes corrupt it, and the socket is cut instead.
 */
export function answerClientErrorsWithJson(server: Server, headers: ReadonlyArray<readonly [string, string]>): void {
  const extra = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  server.on('clientError', (error: NodeJS.ErrnoException, socket: HttpSocket) => {
    if (!socket.writable || socket._httpMessage?.headersSent || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [status, reason, message] = ANSWERS[error.code ?? ''] ?? BAD_REQUEST;
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n${extra}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
