import { TEST_ENV } from './test-env';

// Runs before each test file: the process environment a test app validates on start-up.
for (const [name, value] of Object.entries(TEST_ENV)) process.env[name] = value;
