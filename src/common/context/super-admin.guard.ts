import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ForbiddenError, UnauthenticatedError } from '@common/errors/domain.error';
import { Authenticated } from './auth.decorators';
import { contextOf } from './request-context';

/** A platform administration route: signed in (401 otherwise) as a super admin (403 otherwise). */
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
    if (!user.isSuperAdmin) throw new ForbiddenError('Only a platform administrator may do this.');
    return true;
  }
}
