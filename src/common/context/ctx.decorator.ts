import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { contextOf, RequestContext } from './request-context';

/** The request context (caller, tenant, IP, request id) that RequestContextGuard resolved. */
export const Ctx = createParamDecorator((_data: unknown, context: ExecutionContext): RequestContext => {
  return contextOf(context.switchToHttp().getRequest<Request>());
});
