import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Node's own answers to a request it cannot parse, with the contract's `{ message }` body instead of none. */
const ANSWERS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request header fields are too large.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'The request chunk extensions are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
};
const BAD_REQUEST: [number, string, string] = [400, 'Bad Request', 'The request is not valid HTTP.'];

/**
 * A request Node's parser refuses (oversized headers, malformed HTTP, a request that never
 * finishes) never reaches Express: without this, Node writes a bare status line with an empty body
 * (decisions §16: 431 with the JSON error body). Same statuses as Node's, then the socket closes.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || socket.bytesWritten > 0 || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [status, reason, message] = ANSWERS[error.code ?? ''] ?? BAD_REQUEST;
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
