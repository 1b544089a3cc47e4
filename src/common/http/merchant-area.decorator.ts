import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated } from '@common/auth/auth.decorators';
import { MerchantTenantGuard } from './merchant-tenant.guard';

/** A controller (or route) of the merchant back office: signed in, and a member of a shop. */
export const MerchantArea = () =>
  applyDecorators(
    Authenticated(),
    UseGuards(MerchantTenantGuard),
    ApiForbiddenResponse({ description: 'The signed-in user does not belong to a shop (or is not on its team)' }),
  );

/** The caller's shop id on a `@MerchantArea()` route (the guard has made sure there is one). */
export const MerchantTenantId = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  return context.switchToHttp().getRequest<Request>().user!.tenantId!;
});
