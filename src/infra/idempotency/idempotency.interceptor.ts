import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, Observable, of } from 'rxjs';
import { catchError, mergeMap } from 'rxjs/operators';
import { ConflictError, ValidationFailedError } from '@common/errors/domain.error';
import { toErrorResponse } from '@common/errors/error-response';
import { answerLanguage } from '@common/i18n/api-language';
import { localizeErrorBody } from '@common/i18n/api-messages';
import { openSecret, SecretBoxError, sealSecret, secretBoxKey } from '@common/security/secret-box';
import { sha256Hex, stableStringify } from '@common/util/stable-json';
import type { Env } from '@config/env.schema';
import { isDependencyUnavailable } from '@common/errors/dependency-unavailable';
import { KeyValueStore } from '@infra/store/key-value-store';
import { IDEMPOTENT_KEY, IdempotentOptions } from './idempotency.options';
import { bindIdempotentRequest, IDEMPOTENCY_KEY_MISMATCH, IdempotencyInFlightError } from './idempotent-request';

const RETENTION_MS = 24 * 3600 * 1000;
// How long a claim survives a crashed process before the key can be used again.
const IN_FLIGHT_MS = 60 * 1000;
const REPLAYED_HEADERS = ['location', 'content-type'];
/** After the store failed a durable route's call (not connected, or silent), it is left alone this long. */
const STORE_RETRY_MS = 1_000;

interface InFlightRecord {
  state: 'running';
  fingerprint: string;
}

interface CompletedRecord {
  state: 'done';
  fingerprint: string;
  status: number;
  /** The body as JSON, or (`sealed` routes) absent and kept in `sealed` instead. */
  body?: unknown;
  /** The body's JSON text in a secret box (secret-box.ts), bound to this record's key. */
  sealed?: string;
  headers: Record<string, string>;
}

type IdempotencyRecord = InFlightRecord | CompletedRecord;

/** answerExisting: the claim is another request's and still running, on a `durable` route. */
const CLAIMED_ELSEWHERE = Symbol('claimed elsewhere');

/**
 * The store (Redis or PostgreSQL) unreachable: a request that carries a key is refused with 503 before it runs (the
 * idempotency record cannot be claimed, so it would run unprotected); the store's calls fail
 * fast, and the error handling maps their failure to 503. A `durable` route (order placement) is
 * the exception: its handler keeps the key with its work in PostgreSQL, which alone guarantees one
 * run per key, so it runs without the store while the store is down or silent (a failed call
 * leaves it alone for STORE_RETRY_MS), and a claim of its that was never completed (its answer
 * lost, its request died) never blocks the key: a request finding it goes to the handler, which
 * answers from the kept work or does it, guarded by its key (docs/operations.md, "Orders without
 * Redis"). A request that already ran keeps its
 * answer even when its record cannot be written afterwards: telling the client 503 then would
 * invite a retry of work that was done.
 *
 * The fingerprint of a request is its body and query without the key, and the signed-in user: a
 * handler that keeps its key durably (order placement, `IdempotencyOf`) compares it, and a key sent
 * again with anything else is a 422 that says nothing of the first request. The answer of a
 * `sealed` route is kept encrypted (it holds a bearer token).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);
  private readonly sealKey: Buffer;
  /** Durable routes skip the store until then: it failed a call (docs/operations.md, "Orders without Redis"). */
  private storeRetryAt = 0;

  constructor(
    private readonly reflector: Reflector,
    private readonly store: KeyValueStore,
    config: ConfigService<Env, true>,
  ) {
    this.sealKey = secretBoxKey(config.get('APP_KEY', { infer: true }), 'idempotency-records');
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const options = this.reflector.get<IdempotentOptions | undefined>(IDEMPOTENT_KEY, context.getHandler());
    if (!options || context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();

    const found = this.readKey(req, options);
    if (!found) return next.handle();
    const { key, field } = found;
    if (key.length < 1 || key.length > 255) {
      throw ValidationFailedError.field(field, 'The idempotency key must be between 1 and 255 characters.');
    }

    const recordKey = `idem:${sha256Hex(`${this.scopeOf(req)}\n${key}`)}`;
    const body = { ...(req.body as Record<string, unknown>) };
    if (options.bodyField) delete body[options.bodyField];
    const fingerprint = sha256Hex(stableStringify({ body, query: req.query, user: req.context?.user?.id ?? null }));
    const sealed = options.sealed === true;

    const durable = options.durable === true;
    // A durable route does not need the store: while it is down or silent, the handler's own key
    // (in PostgreSQL) is the only guard, and nothing is kept in the store.
    const unrecorded = () => {
      bindIdempotentRequest(req, { key, field, fingerprint, claimedElsewhere: false });
      return next.handle();
    };
    if (durable && !this.storeAnswers()) return unrecorded();

    const claim: InFlightRecord = { state: 'running', fingerprint };
    let claimed: boolean;
    let existing: string | null = null;
    try {
      claimed = await this.store.setIfAbsent(recordKey, JSON.stringify(claim), IN_FLIGHT_MS);
      if (!claimed) existing = await this.store.get(recordKey);
    } catch (error) {
      if (!durable || !isDependencyUnavailable(error)) throw error;
      // The claim may have been stored with its answer lost: it will not block the key (below).
      this.storeSilent(error);
      return unrecorded();
    }
    if (!claimed) {
      const answer = this.answerExisting(recordKey, existing, fingerprint, field, res, durable);
      // A kept error is kept in English: the replay speaks the language of the request that asks again.
      if (answer !== CLAIMED_ELSEWHERE && res.statusCode >= 400)
        return of(localizeErrorBody(answer, answerLanguage(req.headers['accept-language'])));
      if (answer !== CLAIMED_ELSEWHERE) return of(answer);
      // The handler answers from what it kept durably, or does the work itself, guarded by its own
      // key; the claim stays its first request's.
      bindIdempotentRequest(req, { key, field, fingerprint, claimedElsewhere: true });
      return next.handle();
    }
    bindIdempotentRequest(req, { key, field, fingerprint, claimedElsewhere: false });

    return next.handle().pipe(
      mergeMap((result) => from(this.complete(recordKey, fingerprint, res.statusCode, result, res, sealed, durable).then(() => result))),
      catchError((error: unknown) => from(this.fail(recordKey, fingerprint, error, sealed, durable).then(() => Promise.reject(error)))),
    );
  }

  /** Whether a durable route asks the store: connected, and not failed within the last STORE_RETRY_MS. */
  private storeAnswers(): boolean {
    return this.store.reachable && Date.now() >= this.storeRetryAt;
  }

  private storeSilent(error: unknown): void {
    if (Date.now() >= this.storeRetryAt) {
      this.logger.warn({ err: error }, 'Idempotency store unreachable: keyed orders are guarded by their key in PostgreSQL alone');
    }
    this.storeRetryAt = Date.now() + STORE_RETRY_MS;
  }

  /**
   * Scoped to the route and, when signed in, the user: one client's key never meets another's. On a
   * storefront route also to the shop the request names (resolved, so X-Tenant-ID and X-Tenant-Slug
   * of one shop agree): a key used at one shop never replays that shop's answer to another.
   */
  private scopeOf(req: Request): string {
    const route = (req.route as { path?: string } | undefined)?.path ?? req.path;
    const scope = `${req.method} ${route} ${req.context?.user?.id ?? '-'}`;
    const shopId = req.context?.storefront?.id;
    return shopId ? `${scope} shop:${shopId}` : scope;
  }

  private readKey(req: Request, options: IdempotentOptions): { key: string; field: string } | null {
    for (const header of options.headers) {
      const value = req.headers[header.toLowerCase()];
      if (typeof value === 'string') return { key: value, field: header };
    }
    if (options.bodyField) {
      const value = (req.body as Record<string, unknown> | undefined)?.[options.bodyField];
      if (value !== undefined && value !== null) {
        return { key: typeof value === 'string' ? value : '', field: options.bodyField };
      }
    }
    return null;
  }

  private answerExisting(
    recordKey: string,
    raw: string | null,
    fingerprint: string,
    field: string,
    res: Response,
    durable: boolean,
  ): unknown {
    // The first request failed with 422/5xx and released the key between our SET and GET.
    if (raw === null) {
      if (durable) return CLAIMED_ELSEWHERE;
      throw new IdempotencyInFlightError();
    }
    const record = JSON.parse(raw) as IdempotencyRecord;
    if (record.fingerprint !== fingerprint) {
      throw ValidationFailedError.field(field, IDEMPOTENCY_KEY_MISMATCH);
    }
    if (record.state === 'running') {
      if (durable) return CLAIMED_ELSEWHERE;
      throw new IdempotencyInFlightError();
    }
    const body = record.sealed === undefined ? record.body : this.open(recordKey, record.sealed);
    res.status(record.status);
    for (const [name, value] of Object.entries(record.headers)) res.setHeader(name, value);
    res.setHeader('Idempotent-Replayed', 'true');
    return body;
  }

  /** The kept body, or (APP_KEY changed since it was sealed) a 409: the work ran, its answer cannot be given again. */
  private open(recordKey: string, sealed: string): unknown {
    try {
      return JSON.parse(openSecret(this.sealKey, sealed, recordKey)) as unknown;
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      throw new ConflictError('The answer kept for this idempotency key can no longer be read.', 'idempotency_unreadable');
    }
  }

  /** What a completed record keeps of a body: the JSON itself, or on a `sealed` route its sealed text. */
  private keptBody(recordKey: string, body: unknown, sealed: boolean): Pick<CompletedRecord, 'body' | 'sealed'> {
    return sealed ? { sealed: sealSecret(this.sealKey, JSON.stringify(body ?? null), recordKey) } : { body: body ?? null };
  }

  private async complete(
    recordKey: string,
    fingerprint: string,
    status: number,
    body: unknown,
    res: Response,
    sealed: boolean,
    durable: boolean,
  ): Promise<void> {
    // The answer is kept with the work itself: a store that just failed is not waited for again.
    if (durable && !this.storeAnswers()) return;
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = res.getHeader(name);
      if (typeof value === 'string') headers[name] = value;
    }
    const record: CompletedRecord = { state: 'done', fingerprint, status, ...this.keptBody(recordKey, body, sealed), headers };
    try {
      await this.store.set(recordKey, JSON.stringify(record), RETENTION_MS);
    } catch (error) {
      // The work is done (an order committed): its answer stands. A durable route's retry is
      // answered from what the handler kept; any other's gets 409 until the claim expires.
      if (durable && isDependencyUnavailable(error)) return this.storeSilent(error);
      this.logger.error({ err: error }, 'Could not keep an idempotent response; a retry with its key gets 409 until the claim expires');
    }
  }

  private async fail(recordKey: string, fingerprint: string, error: unknown, sealed: boolean, durable: boolean): Promise<void> {
    // A claim left behind does not block a durable route's key: its retries go to the handler.
    if (durable && !this.storeAnswers()) return;
    const { status, body } = toErrorResponse(error);
    // A 422 or 5xx leaves nothing behind: the client may fix the input or retry with the same key.
    // The store failing here too must not replace the request's own error.
    const store: Promise<unknown> =
      status === 422 || status >= 500
        ? this.store.delete(recordKey)
        : this.store.set(
            recordKey,
            JSON.stringify({
              state: 'done',
              fingerprint,
              status,
              ...this.keptBody(recordKey, body, sealed),
              headers: {},
            } satisfies CompletedRecord),
            RETENTION_MS,
          );
    await store.catch((error: unknown) => this.logger.warn({ err: error }, 'Could not update the idempotency record of a failed request'));
  }
}
