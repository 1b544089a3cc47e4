import { runCli } from '@test/support/cli';
import { authHeader, createUser } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';

describe('CLI users:grant-super-admin <email> (decisions §11, §15)', () => {
  const t = useTestApp();
  const isSuperAdmin = async (id: string) => {
    const [row] = await t.db.query<Array<{ is_super_admin: boolean }>>('SELECT is_super_admin FROM users WHERE id = $1', [id]);
    return row.is_super_admin;
  };

  it('grants the role to an existing user whose email is proven, found whatever the case of the email', async () => {
    const { user, token } = await createUser(t, { emailVerifiedAt: new Date() });
    const { code, output } = await runCli('users:grant-super-admin', user.email.toUpperCase());
    expect(output).toContain(`${user.email} (${user.id}) is a super admin.`);
    expect(code).toBe(0);
    expect(await isSuperAdmin(user.id)).toBe(true);
    const me = await t.http().get('/api/v1/user').set(authHeader(token));
    expect(me.body.is_super_admin).toBe(true);
  });

  it('refuses an account whose email was never verified, says so and how to override, and changes nothing', async () => {
    // Anyone can register any address: without a proof the account may belong to whoever typed it.
    const { user } = await createUser(t);
    const { code, output } = await runCli('users:grant-super-admin', user.email);
    expect(code).toBe(1);
    expect(output).toContain(`${user.email} has never been verified`);
    expect(output).toContain('--force');
    expect(output).not.toContain('is a super admin.');
    expect(await isSuperAdmin(user.id)).toBe(false);
  });

  it('grants it to an unverified account with --force, and says the email is unproven', async () => {
    const { user } = await createUser(t);
    const { code, output } = await runCli('users:grant-super-admin', user.email, '--force');
    expect(code).toBe(0);
    expect(output).toContain(`${user.email} (${user.id}) is a super admin.`);
    expect(output).toContain('never been verified');
    expect(await isSuperAdmin(user.id)).toBe(true);
  });

  it('exits 1 with a message when there is no such user', async () => {
    const { code, output } = await runCli('users:grant-super-admin', 'nobody-here@example.test');
    expect(code).toBe(1);
    expect(output).toContain('No user with email nobody-here@example.test.');
  });
});
