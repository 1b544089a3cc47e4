import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { Answer } from 'dns-packet';
import { SMTPServer } from 'smtp-server';
import { useStarted } from './lifecycle';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  json?: unknown;
}

export interface FakeHttpServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Resolves with the first recorded request matching, waiting for it if need be. */
  waitFor(predicate?: (request: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>;
  close(): Promise<void>;
}

export type FakeHandler = (request: RecordedRequest, res: ServerResponse) => void | Promise<void>;

const jsonReply: FakeHandler = (_request, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
};

/**
 * A real HTTP server on an ephemeral loopback port that records what it receives: stands in for
 * an SMS gateway, a push service, an AI provider or a social provider, reached by configuration.
 */
export async function startFakeHttpServer(handler: FakeHandler = jsonReply): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const recorded: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body, json };
      requests.push(recorded);
      waiters.splice(0).forEach((wake) => wake());
      try {
        await handler(recorded, res);
      } catch {
        if (!res.headersSent) res.writeHead(500).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    waitFor: (predicate = () => true, timeoutMs = 10_000) => waitUntil(requests, predicate, waiters, timeoutMs),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A fake HTTP server for a describe block: started in its beforeAll, closed in its afterAll. */
export function useFakeHttpServer(handler?: FakeHandler): FakeHttpServer {
  return useStarted(
    () => startFakeHttpServer(handler),
    (server) => server.close(),
  );
}

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface FakeSmtpServer {
  /** smtp://127.0.0.1:<port> — the value for MAIL_URL. */
  url: string;
  messages: ReceivedMail[];
  waitFor(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that parses and keeps every message it accepts. */
export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Closing does not wait for a client that keeps its connection open.
    closeTimeout: 500,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: (predicate = () => true, timeoutMs = 10_000) => waitUntil(messages, predicate, waiters, timeoutMs),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A fake SMTP server for a describe block: started in its beforeAll, closed in its afterAll. */
export function useFakeSmtpServer(): FakeSmtpServer {
  return useStarted(startFakeSmtpServer, (server) => server.close());
}

function waitUntil<T>(items: T[], predicate: (item: T) => boolean, waiters: Array<() => void>, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Nothing matching arrived within ${timeoutMs} ms`)), timeoutMs);
    const check = () => {
      const found = items.find(predicate);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      } else {
        waiters.push(check);
      }
    };
    check();
  });
}

export interface FakeDnsServer {
  /** 127.0.0.1:<port> — the value for DNS_SERVERS. */
  address: string;
  queries: Array<{ name: string; type: string }>;
  close(): Promise<void>;
}

/**
 * A UDP DNS server on loopback answering from a fixed zone: `{ 'shop.test': { MX: ['mail.shop.test'], A: ['127.0.0.1'] } }`.
 * Names not in the zone get NXDOMAIN.
 */
export async function startFakeDnsServer(zone: Record<string, { MX?: string[]; A?: string[] }>): Promise<FakeDnsServer> {
  const dgram = await import('node:dgram');
  const dnsPacket = await import('dns-packet');
  const socket = dgram.createSocket('udp4');
  const queries: FakeDnsServer['queries'] = [];
  socket.on('message', (message, remote) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    queries.push({ name: question.name, type: question.type });
    const records = zone[question.name.toLowerCase()];
    const answers: Answer[] = [];
    if (records && question.type === 'MX') {
      for (const exchange of records.MX ?? [])
        answers.push({ type: 'MX', name: question.name, ttl: 60, data: { preference: 10, exchange } });
    }
    if (records && question.type === 'A') {
      for (const ip of records.A ?? []) answers.push({ type: 'A', name: question.name, ttl: 60, data: ip });
    }
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (records ? 0 : 3),
      questions: query.questions,
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    queries,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

/** A fake DNS server for a describe block: started in its beforeAll, closed in its afterAll. */
export function useFakeDnsServer(zone: Record<string, { MX?: string[]; A?: string[] }>): FakeDnsServer {
  return useStarted(
    () => startFakeDnsServer(zone),
    (server) => server.close(),
  );
}
