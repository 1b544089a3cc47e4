import { Resolver } from 'node:dns/promises';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Env } from '@config/env.schema';

/**
 * The "DNS" part of the spec's email rule: the domain must have an MX record, or an A/AAAA record
 * (the implicit MX of RFC 5321). Resolvers come from DNS_SERVERS, else the system's.
 */
@Injectable()
export class EmailDomainChecker {
  private readonly enabled: boolean;
  private readonly resolver: Resolver;

  constructor(config: ConfigService<Env, true>) {
    this.enabled = config.get('EMAIL_DNS_CHECK', { infer: true });
    this.resolver = new Resolver({ timeout: 2_000, tries: 2 });
    const servers = config.get('DNS_SERVERS', { infer: true });
    if (servers) this.resolver.setServers(servers.split(',').map((server) => server.trim()));
  }

  async canReceiveMail(email: string): Promise<boolean> {
    if (!this.enabled) return true;
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    const lookups = [this.resolver.resolveMx(domain), this.resolver.resolve4(domain), this.resolver.resolve6(domain)];
    const results = await Promise.allSettled(lookups);
    return results.some((result) => result.status === 'fulfilled' && result.value.length > 0);
  }
}
