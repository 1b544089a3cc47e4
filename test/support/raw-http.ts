import { get as httpGet } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
}

/**
 * One TCP connection to a test server, spoken to in plain HTTP/1.1: for what a client library
 * would not send or would hide (a reused socket, oversized headers, what happens to the socket
 * after an answer). Answers are read by their `Content-Length`.
 */
export class RawHttpConnection {
  private received = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  private ended = false;
  /** Settles once the server has closed the connection (or it failed). */
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => {
      const done = () => {
        this.ended = true;
        this.waiting?.();
        resolve();
      };
      socket.on('close', done);
      socket.on('error', done);
    });
  }

  static open(baseUrl: string): Promise<RawHttpConnection> {
    const { hostname, port } = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => resolve(new RawHttpConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** The next complete answer on the connection; rejects when the connection closes before one. */
  async nextResponse(): Promise<RawResponse> {
    for (;;) {
      const parsed = this.takeResponse();
      if (parsed) return parsed;
      if (this.ended)
        throw new Error(`The connection closed before a complete answer (received: ${JSON.stringify(this.received.toString('latin1'))})`);
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = undefined;
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  private takeResponse(): RawResponse | undefined {
    const end = this.received.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine, ...lines] = this.received.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (this.received.length < end + 4 + length) return undefined;
    const body = this.received.subarray(end + 4, end + 4 + length).toString('utf8');
    this.received = this.received.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}

export interface WireResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it crossed the wire: still compressed when the answer says a `Content-Encoding`. */
  body: Buffer;
}

/** A GET whose body is kept as sent (no client that decompresses): for what a browser downloads. */
export function getOnTheWire(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const request = httpGet(new URL(path, baseUrl), { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
