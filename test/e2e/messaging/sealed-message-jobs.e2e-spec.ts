import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { MESSAGES_QUEUE } from '@infra/messaging/messages';
import { useFakeHttpServer, useFakeSmtpServer } from '@test/support/fake-servers';
import { useTestApp } from '@test/support/test-app';

/** The six-digit code of a message; fails the test when there is none. */
function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in the message: ${text}`);
  return code;
}

/**
 * Queue jobs carry no plain one-time code (decisions §15): a message's body is sealed with a key
 * derived from APP_KEY in the job, and opened by the worker right before sending.
 */
describe('Message jobs: one-time codes sealed at rest in the queue', () => {
  const smtp = useFakeSmtpServer();
  const sms = useFakeHttpServer();
  const t = useTestApp(() => ({ env: { MAIL_URL: smtp.url, SMS_URL: `${sms.url}/sms` } }));
  const queue = () => t.get<Queue>(getQueueToken(MESSAGES_QUEUE));

  /** The job's data as the queue keeps it (a Redis hash or a PostgreSQL row, whichever backend runs), as text. */
  async function storedData(jobId: string): Promise<string> {
    const job = await queue().getJob(jobId);
    if (!job) throw new Error(`no job ${jobId}`);
    return JSON.stringify(job.data);
  }

  const generate = async (identifier: string) => {
    const res = await t.http().post('/api/v1/otp/generate').send({ identifier });
    expect(res.status).toBe(200);
    return res.body as { uuid: string };
  };

  it('keeps the code of a sign-in mail out of the job, and mails the right code', async () => {
    const email = `sealed-${randomUUID()}@example.test`;
    const session = await generate(email);
    const code = codeIn((await smtp.waitFor((message) => message.to.includes(email))).text);
    const data = await storedData(`mail-otp-${session.uuid}`);
    expect(data).toContain(email);
    expect(data).not.toContain(code);
    expect(data).not.toContain('verification code');
    // The code mailed is the session's: it verifies.
    expect((await t.http().post('/api/v1/otp/verify').send({ uuid: session.uuid, otp_code: code })).status).toBe(200);
  });

  it('keeps the code of a sign-in SMS out of the job, and texts the right code', async () => {
    const phone = `+50497${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    const session = await generate(phone);
    const request = await sms.waitFor((received) => (received.json as { to?: string })?.to === phone);
    const code = codeIn((request.json as { message: string }).message);
    const data = await storedData(`sms-otp-${session.uuid}`);
    expect(data).toContain(phone);
    expect(data).not.toContain(code);
    expect((await t.http().post('/api/v1/otp/verify').send({ uuid: session.uuid, otp_code: code })).status).toBe(200);
  });

  it('still sends a plain job queued before sealing (a rolling upgrade)', async () => {
    const to = `plain-${randomUUID()}@example.test`;
    await queue().add('mail', { kind: 'mail', mail: { to, subject: 'Your verification code', text: 'Your verification code is 123456.' } });
    const mail = await smtp.waitFor((message) => message.to.includes(to));
    expect(mail.text).toContain('123456');
    const phone = `+50496${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    await queue().add('sms', { kind: 'sms', sms: { to: phone, message: 'Your verification code is 654321.' } });
    const request = await sms.waitFor((received) => (received.json as { to?: string })?.to === phone);
    expect(request.json).toEqual({ to: phone, message: 'Your verification code is 654321.' });
  });
});
