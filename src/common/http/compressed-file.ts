import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { matchesIfNoneMatch } from './http-cache';

/** The content codings the service answers in besides identity. */
export type ContentCoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Types worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|manifest\+json|javascript)|image\/svg\+xml)/i;

/**
 * The coding `Accept-Encoding` asks for: brotli when accepted at least as much as gzip, else gzip,
 * else none. A coding is accepted when named, or covered by `*`, with a q-value above 0.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => /^q\s*=/.test(param));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

/** One representation of a file: its bytes, its coding (null: identity) and its entity tag. */
export interface FileRepresentation {
  body: Buffer;
  coding: ContentCoding | null;
  etag: string;
}

/**
 * A file served as it is, or brotli or gzip compressed as the client accepts (docs/operations.md,
 * "Static files"). A compressed form comes from `precompressed` (the `.br` and `.gz` files the
 * build writes beside each file) or, when there is none, is made once, off the event loop, on the
 * first request that wants it, and kept: the files of a build never change under their names.
 * Each representation has its own strong entity tag, so a cache never takes one for another.
 */
export class CompressibleFile {
  readonly compressible: boolean;
  private readonly tag: string;
  private readonly encoded = new Map<ContentCoding, Promise<Buffer | null>>();

  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    private readonly precompressed: (coding: ContentCoding) => Promise<Buffer | null> = () => Promise.resolve(null),
  ) {
    this.compressible = COMPRESSIBLE.test(contentType);
    this.tag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  }

  /** What to send for this `Accept-Encoding`: identity unless a compressed form is accepted and smaller. */
  async representation(acceptEncoding: string | undefined): Promise<FileRepresentation> {
    const coding = this.compressible ? preferredCoding(acceptEncoding) : null;
    const body = coding ? await this.compressed(coding) : null;
    if (!coding || !body || body.length >= this.body.length) return { body: this.body, coding: null, etag: `"${this.tag}"` };
    return { body, coding, etag: `"${this.tag}-${coding}"` };
  }

  private compressed(coding: ContentCoding): Promise<Buffer | null> {
    let pending = this.encoded.get(coding);
    if (!pending) {
      pending = this.precompressed(coding)
        .catch(() => null)
        .then((built) => built ?? compress(this.body, coding));
      this.encoded.set(coding, pending);
    }
    return pending;
  }
}

function compress(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  return coding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body, { level: constants.Z_BEST_COMPRESSION });
}

/**
 * Sets the headers of a file's answer, `Cache-Control` as given, `Vary: Accept-Encoding` for a
 * file that has compressed forms, its entity tag, and answers 304 when `If-None-Match` names it.
 * Returns the bytes to send, or null after a 304 (nothing more to send).
 */
export async function fileAnswer(req: Request, res: Response, file: CompressibleFile, cacheControl: string): Promise<Buffer | null> {
  const chosen = await file.representation(req.headers['accept-encoding']);
  res.setHeader('Cache-Control', cacheControl);
  if (file.compressible) res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', chosen.etag);
  if (matchesIfNoneMatch(req.headers['if-none-match'], chosen.etag)) {
    res.status(304);
    return null;
  }
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(chosen.body.length));
  if (chosen.coding) res.setHeader('Content-Encoding', chosen.coding);
  return chosen.body;
}
