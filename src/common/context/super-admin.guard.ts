import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ForbiddenError, UnauthenticatedError } from '@common/errors/domain.error';
import { Authenticated } from './auth.decorators';
import { contextOf } from './request-context';

/**
 * A route (or controller) of the platform's own operators (decisions §11): signed in, and the user
 * is a super admin (`users.is_super_admin`, granted only by the CLI). Anyone else signed in: 403.
 */
export const SuperAdminArea = () =>
  applyDecorators(
    Authenticated(),
    UseGuards(SuperAdminGuard),
    ApiForbiddenResponse({ description: 'The signed-in user is not a super admin' }),
  );

@Injectable()
export class SuperAdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { user } = contextOf(context.switchToHttp().getRequest<Request>());
    if (!user) throw new UnauthenticatedError();
    if (!user.isSuperAdmin) throw new ForbiddenError('Only a super admin may see this.');
    return true;
  }
}
