import { spawnTs } from '@test/support/cli';

/** Help and usage errors need no database: an unreachable DATABASE_URL must not delay or hide them (decisions §19). */
const NO_DATABASE = {
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  REDIS_URL: 'redis://127.0.0.1:1/0',
  DATABASE_CONNECT_TIMEOUT_MS: '60000',
};

async function cli(...args: string[]) {
  const run = spawnTs('src/cli.ts', args, NO_DATABASE);
  const code = await run.exited;
  return { code, stdout: run.stdout(), output: run.output() };
}

describe('npm run cli -- --help (decisions §19)', () => {
  it.each<[string, string[]]>([
    ['--help', ['--help']],
    ['no command', []],
  ])('%s: the commands on stdout, exit 0, no database touched', async (_case, args) => {
    const { code, stdout, output } = await cli(...args);
    expect({ code, output: output.replace(stdout, '') }).toEqual({ code: 0, output: '' });
    for (const command of ['health:check', 'users:grant-super-admin', 'demo:seed', 'vapid:generate']) expect(stdout).toContain(command);
  });

  it('`<command> --help` prints that command’s usage and exits 0', async () => {
    const { code, stdout } = await cli('demo:seed', '--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Usage: .*demo:seed/);
    expect(stdout).toContain('--name');
  });

  it('an unknown command is said once, with exit 1 and no database', async () => {
    const { code, output } = await cli('no:such-command');
    expect(code).toBe(1);
    expect(output.match(/unknown command/gi)).toHaveLength(1);
  });

  it('a missing argument is said once, with exit 1 and no database', async () => {
    const { code, output } = await cli('users:grant-super-admin');
    expect(code).toBe(1);
    expect(output.match(/missing required argument/gi)).toHaveLength(1);
  });
});
