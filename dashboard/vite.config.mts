import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The merchant dashboard (docs/dashboard.md): built into dist/dashboard/, served by the service at
 * /dashboard/. Hashed file names (cached for a year), one chunk per page (React.lazy), and no
 * inline script or style in index.html, so the strict Content-Security-Policy holds. Each text
 * file also gets brotli and gzip copies (`.br`, `.gz`), which the service sends to browsers that
 * accept them.
 */
export default defineConfig({
  root: here('.'),
  base: '/dashboard/',
  // public/: files served at the root of /dashboard/ under their own name (sw.js, the service worker).
  publicDir: here('public'),
  resolve: { alias: { '@client': here('../client/src/index.ts') } },
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [precompress()],
  build: {
    outDir: here('../dist/dashboard'),
    emptyOutDir: true,
    assetsDir: 'assets',
    // The modulepreload polyfill would be inlined into index.html: modern browsers need none.
    modulePreload: { polyfill: false },
    // Keep every asset a file (no data: URL inlining), so nothing needs more than 'self'.
    assetsInlineLimit: 0,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Mantine marks its modules "use client" (for React Server Components), which means nothing here.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});
