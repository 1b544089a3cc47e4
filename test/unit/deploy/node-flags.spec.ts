import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { heapFlagsFor } from '@infra/lifecycle/heap-tuning';

/**
 * The service runs with the same V8 settings wherever it is started for real: the heap limits of
 * the image's NODE_OPTIONS, `npm run start:prod` and the benchmark (whose memory and CPU figures
 * depend on them, docs/benchmarks.md), and the settings an api process gives itself at start-up.
 */
const ROOT = join(__dirname, '..', '..', '..');

function imageNodeOptions(): string[] {
  const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const finalStage = text.slice(text.lastIndexOf('\nFROM '));
  const options = /^ENV NODE_OPTIONS="([^"]*)"$/m.exec(finalStage);
  if (!options) throw new Error('The Dockerfile sets no NODE_OPTIONS in its final stage');
  return options[1].split(/\s+/).filter(Boolean);
}

function startProdFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = scripts['start:prod'].split(/\s+/);
  expect(words[0]).toBe('node');
  expect(words[words.length - 1]).toBe('dist/src/main.js');
  return words.slice(1, -1);
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const bench = require(join(ROOT, 'bench', 'lib', 'service.js')) as { SERVICE_NODE_FLAGS: string[]; API_HEAP_FLAGS: string[] };

/** Exits 0 only if this Node knows every flag: `setFlagsFromString` would ignore an unknown one silently. */
function nodeStartsWith(flags: string[], env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '' }) {
  return spawnSync(process.execPath, [...flags, '-e', 'process.exit(0)'], { env, encoding: 'utf8' });
}

describe('the V8 settings the service runs with', () => {
  it('has the same heap limits in the image, in npm run start:prod and in the benchmark', () => {
    const image = imageNodeOptions();
    expect([...startProdFlags()].sort()).toEqual([...image].sort());
    expect([...bench.SERVICE_NODE_FLAGS].sort()).toEqual([...image].sort());
  });

  it('gives NODE_OPTIONS only flags Node accepts there', () => {
    const run = nodeStartsWith([], { PATH: process.env.PATH ?? '', NODE_OPTIONS: imageNodeOptions().join(' ') });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('lets only an api process double its old generation between full collections', () => {
    expect(heapFlagsFor('api')).toEqual(['--heap-growing-percent=100']);
    for (const role of ['all', 'worker', 'cli']) expect(heapFlagsFor(role)).toEqual([]);
    // The bare Nest ceiling runs under what the api process sets for itself.
    expect(bench.API_HEAP_FLAGS).toEqual(heapFlagsFor('api'));
  });

  it('sets only flags this Node knows', () => {
    const run = nodeStartsWith(heapFlagsFor('api'));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
