import { stat } from 'node:fs/promises';
import { get } from 'node:http';

/** A worker whose heartbeat file is older than this is taken for hung (it beats every 10 s). */
export const HEARTBEAT_MAX_AGE_MS = 60_000;
const HTTP_TIMEOUT_MS = 3_000;

/**
 * The container's liveness check, for the Dockerfile's HEALTHCHECK and a Kubernetes exec probe:
 * exits 0 when the process in this container is alive, 1 with the reason on stderr when not. It
 * loads nothing of the application, so it costs a few milliseconds.
 *
 * - `APP_ROLE=worker` (no listener): the heartbeat file (WORKER_HEARTBEAT_FILE) was written within
 *   the last 60 s (`WorkerHeartbeat`: event loop turning, queue connections answering).
 * - otherwise: `GET /health/live` on 127.0.0.1:PORT answers 200 within 3 s.
 */
export async function livenessProblem(env: NodeJS.ProcessEnv, now = Date.now()): Promise<string | null> {
  if (env.APP_ROLE === 'worker') {
    const file = env.WORKER_HEARTBEAT_FILE;
    if (!file) return 'WORKER_HEARTBEAT_FILE is not set, so a worker has no heartbeat to check';
    let written: number;
    try {
      written = (await stat(file)).mtimeMs;
    } catch {
      return `no heartbeat yet at ${file}`;
    }
    const age = Math.round(now - written);
    return age > HEARTBEAT_MAX_AGE_MS ? `the last heartbeat is ${age} ms old (${file})` : null;
  }
  const port = Number(env.PORT ?? 3000);
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/health/live', timeout: HTTP_TIMEOUT_MS, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200 ? null : `GET /health/live answered ${response.statusCode}`);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${HTTP_TIMEOUT_MS} ms`)));
    request.on('error', (error) => resolve(`GET /health/live on port ${port}: ${error.message}`));
  });
}

if (require.main === module) {
  void livenessProblem(process.env).then((problem) => {
    if (problem) process.stderr.write(`not alive: ${problem}\n`);
    process.exit(problem ? 1 : 0);
  });
}
