import { randomUUID } from 'node:crypto';
import { MessageDispatcher } from '@infra/messaging/message.dispatcher';
import { loggedMessage } from '@test/support/logged-messages';
import { useTestApp } from '@test/support/test-app';

/**
 * MAIL_URL=log and SMS_URL=log in development (decisions §9, §11): the log line carries the body, so
 * a developer can sign in without a mail server. (Production is in log-transport-production.)
 */
describe('Log transports in development: the body, so a developer can sign in', () => {
  const t = useTestApp({ env: { MAIL_URL: 'log', SMS_URL: 'log', NODE_ENV: 'development' }, logLevel: 'info' });

  it('logs mail and SMS with their bodies', async () => {
    const email = `log-${randomUUID()}@example.test`;
    const phone = `+50497${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    const dispatcher = t.get(MessageDispatcher);
    await dispatcher.sendMail({ to: email, subject: 'Your export is ready', text: 'Download: https://shop.example/x?signature=1' });
    await dispatcher.sendSms({ to: phone, message: 'Your verification code is 482913.' });
    expect((await loggedMessage(t, 'mail', email)).mail).toEqual({
      to: email,
      subject: 'Your export is ready',
      text: 'Download: https://shop.example/x?signature=1',
    });
    expect((await loggedMessage(t, 'sms', phone)).sms).toEqual({ to: phone, message: 'Your verification code is 482913.' });
  });

  it('signs in with the code read from the log', async () => {
    const to = `log-${randomUUID()}@example.test`;
    const session = await t.http().post('/api/v1/otp/generate').send({ identifier: to });
    const { mail } = (await loggedMessage(t, 'mail', to)) as { mail: { text: string } };
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await t.http().post('/api/v1/otp/verify').send({ uuid: session.body.uuid, otp_code: code });
    expect(verified.status).toBe(200);
    expect(verified.body.requires_registration).toBe(true);
  });
});
