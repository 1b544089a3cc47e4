import { flushContractRecord } from './contract-record';

// Every e2e file writes what its responses' checks added up to when it ends (jest.config.js
// setupFilesAfterEnv): this runs in the file's own module registry, where the counts are.
afterAll(() => flushContractRecord());
