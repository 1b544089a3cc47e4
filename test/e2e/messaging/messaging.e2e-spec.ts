import { randomUUID } from 'node:crypto';
import { MessageDispatcher } from '@infra/messaging/message.dispatcher';
import { useFakeHttpServer, useFakeSmtpServer } from '@test/support/fake-servers';
import { messagesSettled } from '@test/support/queues';
import { useTestApp } from '@test/support/test-app';

describe('Outgoing mail and SMS', () => {
  let smsFailuresLeft = 0;
  const smtp = useFakeSmtpServer();
  const sms = useFakeHttpServer((_request, res) => {
    if (smsFailuresLeft > 0) {
      smsFailuresLeft -= 1;
      res.writeHead(503).end();
      return;
    }
    res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
  });
  const t = useTestApp(() => ({ env: { MAIL_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>', SMS_URL: `${sms.url}/sms` } }));

  it('delivers queued mail to the SMTP server', async () => {
    const to = `${randomUUID()}@example.test`;
    await t.get(MessageDispatcher).sendMail({ to, subject: 'Your code', text: 'Code: 123456' });
    const mail = await smtp.waitFor((message) => message.to.includes(to));
    expect(mail.subject).toBe('Your code');
    expect(mail.text).toContain('Code: 123456');
    expect(mail.from).toBe('shop@example.test');
  });

  it('posts queued SMS to the gateway as { to, message }, retrying when it fails', async () => {
    smsFailuresLeft = 1;
    const to = `+504${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    await t.get(MessageDispatcher).sendSms({ to, message: 'Code: 654321' });
    const request = await sms.waitFor(
      (received) => (received.json as { to?: string })?.to === to && received.headers['content-type'] === 'application/json',
      15_000,
    );
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/sms');
    expect(request.json).toEqual({ to, message: 'Code: 654321' });
    await messagesSettled(t, to);
    // One failed attempt, then one success: the message was not sent twice after succeeding.
    expect(sms.requests.filter((received) => (received.json as { to?: string })?.to === to)).toHaveLength(2);
  });

  it('sends a message once when queued twice with the same dedupe id', async () => {
    const to = `${randomUUID()}@example.test`;
    const id = randomUUID();
    const dispatcher = t.get(MessageDispatcher);
    await Promise.all([
      dispatcher.sendMail({ to, subject: 'Once', text: 'x' }, id),
      dispatcher.sendMail({ to, subject: 'Once', text: 'x' }, id),
    ]);
    await smtp.waitFor((message) => message.to.includes(to));
    await messagesSettled(t, to);
    expect(smtp.messages.filter((message) => message.to.includes(to))).toHaveLength(1);
  });
});
