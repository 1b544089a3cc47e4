import { randomUUID } from 'node:crypto';
import { MessageDispatcher } from '@infra/messaging/message.dispatcher';
import { allLogText, loggedMessage } from '@test/support/logged-messages';
import { useTestApp } from '@test/support/test-app';

/**
 * MAIL_URL=log and SMS_URL=log in production (decisions §9, §11): the log line names the recipient
 * and the subject only, so no one-time code or signed link ever reaches a log. (Development, where
 * the body is logged, is in its own file: nestjs-pino keeps the first app's logger per file.)
 */
describe('Log transports in production: recipient and subject only', () => {
  const t = useTestApp({ env: { MAIL_URL: 'log', SMS_URL: 'log', NODE_ENV: 'production' }, logLevel: 'info' });
  const link = `https://shop.example/exports/7/download?expires=1999999999&signature=${randomUUID()}`;

  it('logs a mail without its text or HTML body', async () => {
    const to = `log-${randomUUID()}@example.test`;
    await t
      .get(MessageDispatcher)
      .sendMail({ to, subject: 'Your export is ready', text: `Download: ${link}`, html: `<a href="${link}">x</a>` });
    expect((await loggedMessage(t, 'mail', to)).mail).toEqual({ to, subject: 'Your export is ready' });
    expect(allLogText(t)).not.toContain(link);
  });

  it('logs an SMS without its message', async () => {
    const to = `+50497${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    const message = `Your verification code is ${randomUUID()}.`;
    await t.get(MessageDispatcher).sendSms({ to, message });
    expect((await loggedMessage(t, 'sms', to)).sms).toEqual({ to });
    expect(allLogText(t)).not.toContain(message.slice(26));
  });

  it('never logs the one-time code of a real sign-in mail, not even in the subject', async () => {
    const to = `log-${randomUUID()}@example.test`;
    expect((await t.http().post('/api/v1/otp/generate').send({ identifier: to })).status).toBe(200);
    expect((await loggedMessage(t, 'mail', to)).mail).toEqual({ to, subject: 'Su código de verificación' });
  });
});
