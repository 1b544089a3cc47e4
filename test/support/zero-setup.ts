import { readdir, readFile } from 'node:fs/promises';

/** Processes whose command line names this data directory (`postgres -D <dir>`): an embedded server left behind. */
export async function postgresProcessesOf(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.split('\0').includes(dir)) found.push(Number(pid));
  }
  return found;
}

export interface ApiRequest {
  method?: string;
  token?: string;
  tenant?: string;
  body?: object;
}

/** JSON requests to a service started as its own process, with `fetch` (what a client of it would use). */
export function jsonApi(base: string) {
  return (path: string, init: ApiRequest = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.tenant ? { 'x-tenant-id': init.tenant } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
}
