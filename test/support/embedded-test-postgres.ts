/** Where globalSetup leaves the embedded PostgreSQL it started, for globalTeardown (same process). */
export const EMBEDDED_TEST_POSTGRES = '__storefrontEmbeddedTestPostgres';

export type EmbeddedTestPostgres = typeof globalThis & {
  [EMBEDDED_TEST_POSTGRES]?: { dataDir: string; stop: () => Promise<void> };
};
