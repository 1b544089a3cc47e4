import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { CompressibleFile, type ContentCoding } from '@common/http/compressed-file';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

/** The compressed copies the build writes beside a file (dashboard/vite.config.mts): never served by their own name. */
const PRECOMPRESSED: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/** The placeholder of index.html's `<meta name="csp-nonce">`, replaced per request. */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The dashboard as `vite build` left it in `dist/dashboard/` (dashboard/vite.config.mts): index.html
 * and the hashed files of `assets/`, with the brotli and gzip copies the build made of each text
 * file. Files are read once and kept: a build's files never change under their hashed names, and a
 * new build comes with a restart.
 */
@Injectable()
export class DashboardFiles {
  readonly directory = join(repositoryRoot(), 'dist', 'dashboard');
  private index?: Promise<string | null>;
  private readonly files = new Map<string, Promise<CompressibleFile | null>>();
  private listing?: Promise<Set<string>>;

  /** index.html with the request's style nonce in it; null when the dashboard is not built. */
  async indexHtml(nonce: string): Promise<string | null> {
    this.index ??= readFile(join(this.directory, 'index.html'), 'utf8').catch(() => null);
    const html = await this.index;
    return html === null ? null : html.replaceAll(NONCE_PLACEHOLDER, nonce);
  }

  /** A file of `assets/` (or, with `folder` '', of the build's root), or null when there is none of that name. */
  async file(folder: 'assets' | '', name: string): Promise<CompressibleFile | null> {
    // Names only: no separators, no dot-files, no climbing out of the folder, no compressed copy.
    if (!/^[A-Za-z0-9][\w.-]*$/.test(name) || name.includes('..') || /\.(?:br|gz)$/i.test(name)) return null;
    const path = folder ? `${folder}/${name}` : name;
    if (!folder && (name === 'index.html' || !(await this.rootFiles()).has(name))) return null;
    let pending = this.files.get(path);
    if (!pending) {
      const file = join(this.directory, path);
      pending = readFile(file).then(
        (body) =>
          new CompressibleFile(body, CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream', (coding) =>
            readFile(file + PRECOMPRESSED[coding]).catch(() => null),
          ),
        () => null,
      );
      this.files.set(path, pending);
      // A name asked for that does not exist is not remembered: the map would grow with every guess.
      void pending.then((found) => found ?? this.files.delete(path));
    }
    return pending;
  }

  private rootFiles(): Promise<Set<string>> {
    this.listing ??= readdir(this.directory, { withFileTypes: true }).then(
      (entries) => new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name)),
      () => new Set<string>(),
    );
    return this.listing;
  }
}

/** The folder of package.json above this file: the repository (src/… under ts-node and jest, dist/src/… when built). */
function repositoryRoot(): string {
  let directory = __dirname;
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) return process.cwd();
    directory = parent;
  }
  return directory;
}
