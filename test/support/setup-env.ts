import { SHARED_REDIS, TEST_ENV } from './test-env';

// Runs before each test file: the process environment a test app validates on start-up.
for (const [name, value] of Object.entries(TEST_ENV)) process.env[name] = value;
// PostgreSQL-only mode: a REDIS_URL from the shell must not reach the apps (nor processes they spawn).
if (!SHARED_REDIS) delete process.env.REDIS_URL;
