import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { livenessProblem } from '@app/liveness-probe';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const dir = mkdtempSync(join(tmpdir(), 'worker-heartbeat-'));
const file = join(dir, 'beat');

describe('Worker heartbeat for the liveness probe (deploy/kubernetes/worker.yaml)', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  useTestApp({ role: 'worker', env: { WORKER_HEARTBEAT_FILE: file } });

  it('a worker process writes its heartbeat at start, and the probe then finds it alive', async () => {
    await waitFor(() => statSync(file, { throwIfNoEntry: false }), { what: 'the heartbeat file' });
    expect(await livenessProblem({ APP_ROLE: 'worker', WORKER_HEARTBEAT_FILE: file })).toBeNull();
  });
});
