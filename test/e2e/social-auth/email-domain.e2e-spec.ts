import { EmailDomainChecker } from '@modules/social-auth/providers/email-domain.checker';
import { ConfigService } from '@nestjs/config';
import { useFakeDnsServer } from '@test/support/fake-servers';

describe('Email domain DNS check', () => {
  const dns = useFakeDnsServer({ 'mx-only.test': { MX: ['mail.mx-only.test'] }, 'a-only.test': { A: ['192.0.2.10'] } });
  const checker = (enabled = true) =>
    new EmailDomainChecker({
      get: (name: string) => (name === 'EMAIL_DNS_CHECK' ? enabled : name === 'DNS_SERVERS' ? dns.address : undefined),
    } as unknown as ConfigService<never, true>);

  it('accepts a domain with an MX record, asking the configured resolver', async () => {
    expect(await checker().canReceiveMail('ana@MX-only.test')).toBe(true);
    expect(dns.queries).toEqual(expect.arrayContaining([{ name: 'mx-only.test', type: 'MX' }]));
  });

  it('accepts a domain with only an A record (implicit MX)', async () => {
    expect(await checker().canReceiveMail('ana@a-only.test')).toBe(true);
  });

  it('rejects a domain that does not exist', async () => {
    expect(await checker().canReceiveMail('ana@nowhere.test')).toBe(false);
  });

  it('can be switched off', async () => {
    expect(await checker(false).canReceiveMail('ana@nowhere.test')).toBe(true);
  });
});
