/** Types of test-workers.js (plain JavaScript: jest.config.js reads it too). */
export interface WorkerServers {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  ports: { from: number; count: number };
}

export function testWorkers(env?: NodeJS.ProcessEnv): number;
export function workerServers(worker: number, env?: NodeJS.ProcessEnv): WorkerServers;
