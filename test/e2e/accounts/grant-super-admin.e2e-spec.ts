import { runCli } from '@test/support/cli';
import { authHeader, createUser } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';

describe('CLI users:grant-super-admin <email> (decisions §11)', () => {
  const t = useTestApp();

  it('grants the role to an existing user, found whatever the case of the email', async () => {
    const { user, token } = await createUser(t);
    const { code, output } = await runCli('users:grant-super-admin', user.email.toUpperCase());
    expect(output).toContain(`${user.email} (${user.id}) is a super admin.`);
    expect(code).toBe(0);
    const [row] = await t.db.query('SELECT is_super_admin FROM users WHERE id = $1', [user.id]);
    expect(row.is_super_admin).toBe(true);
    const me = await t.http().get('/api/v1/user').set(authHeader(token));
    expect(me.body.is_super_admin).toBe(true);
  });

  it('exits 1 with a message when there is no such user', async () => {
    const { code, output } = await runCli('users:grant-super-admin', 'nobody-here@example.test');
    expect(code).toBe(1);
    expect(output).toContain('No user with email nobody-here@example.test.');
  });
});
