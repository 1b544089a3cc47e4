import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `DATA_DIR/storefront.pid`: which process serves which ports, so that a second `npm run serve`
 * says "another instance is running on port N (pid P)" before it builds (`scripts/check-ports.js`).
 * Removed when the process exits, if it is still this process's.
 */
export function recordInstance(dataDir: string, ports: { port: number; grpcPort: number }): void {
  const file = join(dataDir, 'storefront.pid');
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ pid: process.pid, ...ports })}\n`);
  } catch {
    return; // A read-only DATA_DIR (a container) only loses the friendlier message.
  }
  process.once('exit', () => {
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as { pid: number }).pid === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  });
}
