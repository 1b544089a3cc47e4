import { spawn } from 'node:child_process';
import { DataSource } from 'typeorm';
import { createUser } from '@test/support/factories';
import { createTestApp, TestApp } from '@test/support/test-app';
import { TEST_ENV } from '@test/support/test-env';

function cli(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/cli.ts', ...args], {
      cwd: process.cwd(),
      env: { ...process.env, ...TEST_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('CLI users:grant-super-admin <email> (decisions §11)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('grants the role to an existing user, found whatever the case of the email', async () => {
    const { user, token } = await createUser(t);
    const { code, output } = await cli('users:grant-super-admin', user.email.toUpperCase());
    expect(output).toContain(`${user.email} (${user.id}) is a super admin.`);
    expect(code).toBe(0);
    const [row] = await t.get(DataSource).query('SELECT is_super_admin FROM users WHERE id = $1', [user.id]);
    expect(row.is_super_admin).toBe(true);
    const me = await t.http().get('/api/v1/user').set('Authorization', `Bearer ${token}`);
    expect(me.body.is_super_admin).toBe(true);
  });

  it('exits 1 with a message when there is no such user', async () => {
    const { code, output } = await cli('users:grant-super-admin', 'nobody-here@example.test');
    expect(code).toBe(1);
    expect(output).toContain('No user with email nobody-here@example.test.');
  });
});
