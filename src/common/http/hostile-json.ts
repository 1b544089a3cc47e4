import type { NextFunction, Request, Response } from 'express';
import { DomainError, ValidationFailedError } from '@common/errors/domain.error';
import { hasLoneSurrogate } from '@common/util/unicode';

/** Containers (objects and arrays) a JSON body may nest, the top-level one counting as the first. */
const MAX_JSON_DEPTH = 32;
const DEPTH_REASON = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;
const NUL_REASON = 'The request body contains a NUL character (\\u0000), which is not accepted.';
const SURROGATE_REASON = 'The request body contains a lone surrogate (half of a UTF-16 pair), which is not text.';

/**
 * 400 `{ message }` for a JSON body no endpoint has a use for and that would hurt further in
 * (decisions §1): nesting that blows the validator's recursion, or a string PostgreSQL cannot
 * store — a NUL character (neither text nor jsonb takes it) or a lone surrogate (jsonb refuses it).
 */
export class HostileJsonError extends DomainError {
  constructor(message: string) {
    super('hostile_body', message, 400);
  }
}

/** Keys that name an object's prototype machinery: no DTO has such a field (decisions §16: 422). */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** What `findHostile` answers for a prototype key, distinct from every reason text. */
const PROTOTYPE_KEY = Symbol('prototype key');

/**
 * Why a parsed JSON value is refused, or null when it is acceptable: more than MAX_JSON_DEPTH
 * nested containers, or a NUL character or lone surrogate in any string, keys included. Walks with
 * its own stack, never recursion, and stops at the first finding, so a hostile body costs no more
 * than its size.
 */
export function hostileJsonReason(value: unknown): string | null {
  const finding = findHostile(value, false);
  return finding === PROTOTYPE_KEY ? null : finding;
}

function findHostile(value: unknown, refusePrototypeKeys: boolean): string | typeof PROTOTYPE_KEY | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, depth } = next;
    if (typeof current === 'string') {
      const reason = stringReason(current);
      if (reason) return reason;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > MAX_JSON_DEPTH) return DEPTH_REASON;
    if (Array.isArray(current)) {
      for (const item of current) pending.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const reason = stringReason(key);
      if (reason) return reason;
      if (refusePrototypeKeys && PROTOTYPE_KEYS.has(key)) return PROTOTYPE_KEY;
      pending.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * The dotted path (`items.0.__proto__`) of the first prototype key of a value that has one, as the
 * validator names fields. Only walked once `findHostile` found one, so it costs a valid body nothing.
 */
function prototypeKeyPath(value: unknown): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path } = next;
    if (current === null || typeof current !== 'object') continue;
    for (const [key, item] of Object.entries(current)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (!Array.isArray(current) && PROTOTYPE_KEYS.has(key)) return itemPath;
      pending.push({ value: item, path: itemPath });
    }
  }
  return null;
}

function stringReason(text: string): string | null {
  if (text.includes('\u0000')) return NUL_REASON;
  return hasLoneSurrogate(text) ? SURROGATE_REASON : null;
}

/**
 * For bodies kept as raw bytes (the payment webhook): throws HostileJsonError when the bytes are
 * JSON that `hostileJsonReason` refuses. Bytes that are not JSON at all are left to their route.
 */
export function refuseHostileJsonBytes(raw: Buffer): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return;
  }
  const reason = hostileJsonReason(parsed);
  if (reason) throw new HostileJsonError(reason);
}

/** Express middleware, right after the JSON body parser: the check for every JSON route, before validation. */
export function refuseHostileJsonBodies(req: Request, _res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  // Only what express.json parsed: raw (webhook) and text (beacon) bodies are checked by their routes.
  const parsedJson = body !== null && typeof body === 'object' && !Buffer.isBuffer(body);
  const finding = parsedJson ? findHostile(body, true) : null;
  if (finding === PROTOTYPE_KEY) {
    const path = prototypeKeyPath(body) ?? '__proto__';
    return next(ValidationFailedError.field(path, `The ${path} field is not allowed.`));
  }
  next(finding ? new HostileJsonError(finding) : undefined);
}
