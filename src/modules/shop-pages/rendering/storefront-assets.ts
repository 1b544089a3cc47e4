import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { CompressibleFile } from '@common/http/compressed-file';

/** Where `npm run build` (vite, storefront/vite.config.ts) writes the client script and style sheet. */
export const ASSETS_PATH = '/storefront-assets';
const ENTRY = 'storefront/src/main.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface ViteManifestEntry {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

/** The repository root (the folder of package.json above this file, in src/ or in dist/src/). */
function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const ASSETS_DIR = join(repositoryRoot(), 'dist', 'storefront-assets');

/**
 * The built client script and style sheet, read once into memory: their names carry a content
 * hash, so they are served with a year's cache. Their brotli and gzip forms are the copies the
 * build wrote beside them (storefront/vite.config.mts), or made once on first use. Until the build exists (a checkout without `npm run
 * build`) the pages still render and name the files they would load; each asset request looks again.
 */
@Injectable()
export class StorefrontAssets {
  private readonly logger = new Logger(StorefrontAssets.name);
  private loaded: { script: string; styles: string; files: Map<string, CompressibleFile> } | null = null;
  private warned = false;

  urls(): { script: string; styles: string } {
    const loaded = this.load();
    return loaded
      ? { script: loaded.script, styles: loaded.styles }
      : { script: `${ASSETS_PATH}/main.js`, styles: `${ASSETS_PATH}/main.css` };
  }

  file(name: string): CompressibleFile | undefined {
    return this.load()?.files.get(name);
  }

  private load() {
    if (this.loaded) return this.loaded;
    const manifestPath = join(ASSETS_DIR, '.vite', 'manifest.json');
    if (!existsSync(manifestPath)) {
      if (!this.warned) this.logger.warn(`${manifestPath} is missing: run npm run build to build the storefront's script and styles`);
      this.warned = true;
      return null;
    }
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ViteManifestEntry>;
    const entry = manifest[ENTRY];
    if (!entry?.css?.[0]) throw new Error(`${manifestPath} names no script and style sheet for ${ENTRY}`);
    const files = new Map<string, CompressibleFile>();
    for (const name of readdirSync(ASSETS_DIR)) {
      const contentType = TYPES[extname(name)];
      if (!contentType) continue;
      const path = join(ASSETS_DIR, name);
      files.set(
        name,
        new CompressibleFile(readFileSync(path), contentType, (coding) =>
          readFile(`${path}.${coding === 'br' ? 'br' : 'gz'}`).catch(() => null),
        ),
      );
    }
    this.loaded = { script: `${ASSETS_PATH}/${entry.file}`, styles: `${ASSETS_PATH}/${entry.css[0]}`, files };
    return this.loaded;
  }
}
