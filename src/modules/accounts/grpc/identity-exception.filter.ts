import { ArgumentsHost, Catch, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { Observable, throwError } from 'rxjs';
import { DomainError, ValidationFailedError } from '@common/errors/domain.error';
import { EmailTakenError } from '../domain/accounts.errors';

interface GrpcError {
  code: status;
  message: string;
}

const BY_HTTP_STATUS: Record<number, status> = {
  401: status.UNAUTHENTICATED,
  403: status.PERMISSION_DENIED,
  404: status.NOT_FOUND,
  409: status.ALREADY_EXISTS,
  429: status.RESOURCE_EXHAUSTED,
  503: status.UNAVAILABLE,
};

/** The one error model, spoken in gRPC status codes; anything unexpected is an opaque INTERNAL. */
@Catch()
export class IdentityExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('gRPC');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => this.toGrpcError(exception));
  }

  private toGrpcError(exception: unknown): GrpcError {
    if (exception instanceof RpcException) {
      const error = exception.getError();
      return typeof error === 'object' && error !== null && 'code' in error
        ? (error as GrpcError)
        : { code: status.UNKNOWN, message: typeof error === 'string' ? error : 'Internal error.' };
    }
    if (exception instanceof EmailTakenError) return { code: status.ALREADY_EXISTS, message: exception.message };
    if (exception instanceof ValidationFailedError) {
      const details = Object.entries(exception.errors).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
      return { code: status.INVALID_ARGUMENT, message: details.join('; ') };
    }
    if (exception instanceof DomainError && exception.status < 500) {
      return { code: BY_HTTP_STATUS[exception.status] ?? status.FAILED_PRECONDITION, message: exception.message };
    }
    if (exception instanceof DomainError && exception.status === 503) return { code: status.UNAVAILABLE, message: exception.message };
    this.logger.error({ err: exception }, 'Unhandled gRPC error');
    return { code: status.INTERNAL, message: 'Internal error.' };
  }
}
