#!/usr/bin/env node
// Before `npm run serve` builds: refuse at once, in one line, when the service's HTTP or gRPC port
// is taken, rather than rebuilding dist/ under a running instance and failing later with a stack
// (decisions §19). Reads PORT, GRPC_URL and DATA_DIR as the service does (environment, then .env).
const { createServer } = require('node:net');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
require('dotenv').config({ quiet: true });

const port = Number(process.env.PORT || 3000);
const grpcUrl = process.env.GRPC_URL || '127.0.0.1:50051';
const dataDir = process.env.DATA_DIR || './var';

function isFree(host, portNumber) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host, port: portNumber, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The instance a running service recorded (`src/infra/lifecycle/instance-file.ts`), if its process lives. */
function recordedInstance() {
  try {
    const instance = JSON.parse(readFileSync(join(dataDir, 'storefront.pid'), 'utf8'));
    process.kill(instance.pid, 0);
    return instance;
  } catch {
    return undefined;
  }
}

async function main() {
  const grpcPort = Number(grpcUrl.split(':').pop());
  const grpcHost = grpcUrl.slice(0, grpcUrl.lastIndexOf(':')).replace(/^\[|\]$/g, '');
  const taken = !(await isFree('0.0.0.0', port))
    ? { setting: 'PORT', port }
    : !(await isFree(grpcHost, grpcPort))
      ? { setting: 'GRPC_URL', port: grpcPort }
      : null;
  if (!taken) return;
  const instance = recordedInstance();
  if (instance && (instance.port === taken.port || instance.grpcPort === taken.port)) {
    console.error(
      `Another instance is running on port ${taken.port} (pid ${instance.pid}): stop it first, or set ${taken.setting} for this one.`,
    );
  } else {
    console.error(`Another process listens on port ${taken.port} (${taken.setting}): stop it, or set ${taken.setting} to a free one.`);
  }
  process.exit(1);
}

void main();
