import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { UnauthenticatedError } from '@common/errors/domain.error';
import { AUTH_MODE_KEY, AuthMode } from './auth.decorators';

/**
 * The one global authentication guard. It runs before rate limiting, so that user-keyed limits see
 * the user. Public routes are not looked at; `@Authenticated()` routes need a valid token;
 * `@OptionalAuth()` routes take one when it is valid.
 */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const mode = this.modeOf(context);
    if (!mode) return true;
    if (mode === 'optional' && !context.switchToHttp().getRequest<Request>().headers.authorization) return true;
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<TUser = Express.User>(
    error: unknown,
    user: TUser | false | null,
    _info: unknown,
    context: ExecutionContext,
  ): TUser {
    // A failing database is an outage (500), not a bad token.
    if (error) throw error;
    if (user) return user;
    if (this.modeOf(context) === 'optional') return undefined as TUser;
    throw new UnauthenticatedError();
  }

  private modeOf(context: ExecutionContext): AuthMode | undefined {
    return this.reflector.getAllAndOverride<AuthMode | undefined>(AUTH_MODE_KEY, [context.getHandler(), context.getClass()]);
  }
}
