import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files: images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:m?js|css|svg|json|webmanifest|txt)$/i;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, at the
 * highest levels (time the build can spend once, and no request ever waits for), which the service
 * serves as the browser's `Accept-Encoding` allows (docs/operations.md, "Static files"). A copy no
 * smaller than its file is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'storefront-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const directory = options.dir!;
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const path = join(directory, name);
            const body = await readFile(path);
            const [br, gz] = await Promise.all([
              brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < body.length) await writeFile(`${path}.br`, br);
            if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
          }),
      );
    },
  };
}
