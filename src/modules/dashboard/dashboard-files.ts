import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { Injectable } from '@nestjs/common';

/** What a built file of the dashboard is served as. */
export interface DashboardFile {
  body: Buffer;
  contentType: string;
}

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

/** The placeholder of index.html's `<meta name="csp-nonce">`, replaced per request. */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The dashboard as `vite build` left it in `dist/dashboard/` (dashboard/vite.config.mts): index.html
 * and the hashed files of `assets/`. Files are read once and kept: a build's files never change
 * under their hashed names, and a new build comes with a restart.
 */
@Injectable()
export class DashboardFiles {
  readonly directory = join(repositoryRoot(), 'dist', 'dashboard');
  private index?: Promise<string | null>;
  private readonly files = new Map<string, Promise<DashboardFile | null>>();
  private listing?: Promise<Set<string>>;

  /** index.html with the request's style nonce in it; null when the dashboard is not built. */
  async indexHtml(nonce: string): Promise<string | null> {
    this.index ??= readFile(join(this.directory, 'index.html'), 'utf8').catch(() => null);
    const html = await this.index;
    return html === null ? null : html.replaceAll(NONCE_PLACEHOLDER, nonce);
  }

  /** A file of `assets/` (or, with `folder` '', of the build's root), or null when there is none of that name. */
  async file(folder: 'assets' | '', name: string): Promise<DashboardFile | null> {
    // Names only: no separators, no dot-files, no climbing out of the folder.
    if (!/^[A-Za-z0-9][\w.-]*$/.test(name) || name.includes('..')) return null;
    const path = folder ? `${folder}/${name}` : name;
    if (!folder && (name === 'index.html' || !(await this.rootFiles()).has(name))) return null;
    let pending = this.files.get(path);
    if (!pending) {
      pending = readFile(join(this.directory, path)).then(
        (body) => ({ body, contentType: CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream' }),
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
