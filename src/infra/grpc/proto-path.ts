import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Absolute path of a file under the repository's `proto/`, found from this file's location: the
 * same in `ts-node`/jest runs (src/...) and compiled runs (dist/src/...), whatever the working
 * directory. The Docker image ships `proto/` next to `package.json` too.
 */
export function protoPath(relative: string): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const candidate = join(dir, 'proto', relative);
    if (existsSync(candidate)) return candidate;
    if (existsSync(join(dir, 'package.json')) || dirname(dir) === dir) {
      throw new Error(`gRPC contract proto/${relative} not found (looked up from ${__dirname} to ${dir})`);
    }
  }
}
