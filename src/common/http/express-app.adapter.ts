import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';

/**
 * Nest's Express adapter, with an HTTP server that makes every request and response with the
 * app's own prototypes (`app.request`, `app.response`) from the start.
 *
 * Express 5 gives them those prototypes itself, as the first thing `app.handle` does for every
 * request (`Object.setPrototypeOf(req, app.request)`, the same for `res`). On V8 that change of
 * prototype after construction keeps each request's objects alive past the next young-generation
 * collection, so all of them were promoted to the old generation and died there: 10 KB a request
 * for `GET /health/live`, a full collection of the ~50 MiB heap every ~1,800 requests, and about
 * 150 µs of collection a request between the main thread and V8's helper threads. Made with the
 * right prototype, the objects die young (0.03 KB promoted a request, no full collection) and
 * Express's `setPrototypeOf` finds nothing to change (docs/benchmarks.md, "Garbage collection").
 *
 * Node's `IncomingMessage` and `ServerResponse` are plain constructor functions, called here on
 * the new object as a subclass constructor would. HTTPS and `forceCloseConnections` (which this
 * service uses neither of) keep Nest's own server.
 */
export class ExpressAppAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections) return super.initHttpServer(options);
    const app = this.getInstance<Express>();
    this.httpServer = createServer({ IncomingMessage: requestType(app), ServerResponse: responseType(app) }, app);
  }
}

// Node's constructors as the plain functions they are, to call on an object made with another prototype.
const initRequest = IncomingMessage as unknown as (this: IncomingMessage, socket: Socket) => void;
const initResponse = ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: object) => void;

function requestType(app: Express): typeof IncomingMessage {
  function AppRequest(this: IncomingMessage, socket: Socket): void {
    initRequest.call(this, socket);
  }
  AppRequest.prototype = app.request;
  return AppRequest as unknown as typeof IncomingMessage;
}

function responseType(app: Express): typeof ServerResponse {
  function AppResponse(this: ServerResponse, req: IncomingMessage, options?: object): void {
    initResponse.call(this, req, options);
  }
  AppResponse.prototype = app.response;
  return AppResponse as unknown as typeof ServerResponse;
}
