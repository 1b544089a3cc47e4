import { contractMode, type ContractMode } from '../api-contract/contract-request';

/** The constant seed of CI runs: the same requests every run, so a failure in CI fails again on a laptop. */
export const DEFAULT_SEED = 20261126;
/** Runs per operation in CI (about 60 operations: some 2,300 requests, about 30 s on 2 cores). */
export const DEFAULT_RUNS = 40;
/** `npm run fuzz` runs this many times the CI count, with a seed from the clock. */
export const LONG_RUN_FACTOR = 20;

export interface FuzzSettings {
  seed: number;
  runs: number;
  /** How the seed was chosen, for the line that prints it. */
  seedSource: 'FUZZ_SEED' | 'clock' | 'constant';
  /** Only the operations whose operationId or `METHOD /path` contains this (FUZZ_OPERATION). */
  operation?: string;
  /** API_CONTRACT: `enforce` fails on a status the document does not give the operation; `report` lists them; `off` ignores them. */
  contract: ContractMode;
  /** Print how many of each status every operation answered (FUZZ_VERBOSE=1; always under `npm run fuzz`). */
  verbose: boolean;
}

/**
 * FUZZ_SEED, FUZZ_RUNS and FUZZ_OPERATION from the environment. Under `npm run fuzz`
 * (npm_lifecycle_event=fuzz) the defaults are a clock seed and LONG_RUN_FACTOR times the runs.
 */
export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const long = env.npm_lifecycle_event === 'fuzz';
  const given = env.FUZZ_SEED?.trim();
  if (given && !/^-?\d+$/.test(given)) throw new Error(`FUZZ_SEED must be an integer, not "${given}"`);
  const runsText = env.FUZZ_RUNS?.trim();
  if (runsText && !/^\d+$/.test(runsText)) throw new Error(`FUZZ_RUNS must be a positive integer, not "${runsText}"`);
  const contract = contractMode(env);
  return {
    seed: given ? Number(given) : long ? Date.now() % 2 ** 31 : DEFAULT_SEED,
    seedSource: given ? 'FUZZ_SEED' : long ? 'clock' : 'constant',
    runs: runsText ? Math.max(1, Number(runsText)) : long ? DEFAULT_RUNS * LONG_RUN_FACTOR : DEFAULT_RUNS,
    operation: env.FUZZ_OPERATION?.trim() || undefined,
    contract,
    verbose: long || env.FUZZ_VERBOSE === '1',
  };
}
