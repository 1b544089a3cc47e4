import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-http-bearer';
import { PRINCIPAL_RESOLVER, PrincipalResolver } from './ports';
import type { Principal } from './request-context';

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(@Inject(PRINCIPAL_RESOLVER) private readonly principals: PrincipalResolver) {
    super();
  }

  /**
   * passport-http-bearer would also take `access_token` from the query string or the body; tokens
   * in URLs end up in logs and proxies, so only the Authorization header is looked at.
   */
  override authenticate(req: Request, options?: object): void {
    const headerOnly = { headers: { authorization: req.headers.authorization } } as Request;
    super.authenticate(headerOnly, options);
  }

  validate(token: string): Promise<Principal | null> {
    return this.principals.verify(token);
  }
}
