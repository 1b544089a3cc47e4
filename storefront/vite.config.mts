import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
// The brotli and gzip copies of the build, made by the same plugin as the dashboard's.
import { precompress } from '../dashboard/vite-precompress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The shop pages' client script and style sheet (storefront.md): one entry, plain TypeScript,
 * written with hashed names into dist/storefront-assets/ with a manifest the service reads to name
 * them in the pages (src/modules/shop-pages/rendering/storefront-assets.ts), each with brotli and
 * gzip copies (`.br`, `.gz`) for browsers that accept them.
 */
export default defineConfig({
  root,
  publicDir: false,
  plugins: [precompress()],
  // The texts and page shapes the script shares with the server (src/modules/shop-pages), as tsconfig names them.
  resolve: { alias: { '@modules': fileURLToPath(new URL('../src/modules', import.meta.url)) } },
  logLevel: 'warn',
  build: {
    outDir: 'dist/storefront-assets',
    emptyOutDir: true,
    assetsDir: '',
    manifest: true,
    target: 'es2020',
    sourcemap: false,
    rollupOptions: { input: 'storefront/src/main.ts' },
  },
});
