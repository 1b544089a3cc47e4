import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { loggableUrl } from '@common/http/loggable-url';
import { answerLanguage } from '@common/i18n/api-language';
import { localizeErrorBody } from '@common/i18n/api-messages';
import { toErrorResponse } from './error-response';
import { unavailablePageOf } from './html-unavailable-page';
import { UnavailableAnswers } from './unavailable-answers';

/**
 * One error model for the whole HTTP surface: domain errors and Nest's HTTP exceptions keep their
 * status, an unreachable PostgreSQL or Redis is a 503 with Retry-After (the connection's own
 * listener logs the outage once, and the 503s are counted in one warning line per dependency every
 * 10 s, UnavailableAnswers), anything else is an opaque 500 logged with the request id the
 * client also sees. The body's texts are in the request's `Accept-Language` (docs/http-contract.md,
 * "Languages").
 */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly unavailableAnswers: UnavailableAnswers) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const { status, body, unexpected, headers, warning, unavailable } = toErrorResponse(exception);
    const where = { requestId: request.id, method: request.method, url: loggableUrl(request.originalUrl) };
    if (unavailable) this.unavailableAnswers.answered(unavailable, exception, response);
    else if (unexpected) this.logger.error({ err: exception, ...where }, 'Unhandled error');
    else if (warning) this.logger.warn({ reason: exception instanceof Error ? exception.message : String(exception), ...where }, warning);
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(headers ?? {})) response.setHeader(name, value);
    const page = status === 503 ? unavailablePageOf(response) : undefined;
    if (page) {
      response.status(status).type('text/html; charset=utf-8').send(page(request, response));
      return;
    }
    response.status(status).json(localizeErrorBody(body, answerLanguage(request.headers['accept-language'])));
  }
}
