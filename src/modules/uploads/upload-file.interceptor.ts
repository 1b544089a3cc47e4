import { CallHandler, ExecutionContext, Injectable } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { DomainError, ValidationFailedError } from '@common/errors/domain.error';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from './image-variants';

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
export const UPLOAD_ONE_FILE = 'Send one image, as the multipart/form-data field file.';

const MulterFile = FileInterceptor('file', {
  // In memory, and never more than the limit: multer stops keeping bytes past `fileSize` and drains the rest.
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 20 },
});

/**
 * The `file` field of a multipart body, read by multer; every refusal is a 422 at `file` (a body
 * declared larger than the limit is refused before any of it is read).
 */
@Injectable()
export class UploadFileInterceptor extends MulterFile {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
      req.resume(); // discarded as it arrives: the answer goes out now
      throw ValidationFailedError.field('file', UPLOAD_TOO_LARGE);
    }
    if (!req.is('multipart/form-data')) throw ValidationFailedError.field('file', UPLOAD_ONE_FILE);
    try {
      return await super.intercept(context, next);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      const status = (error as { getStatus?: () => number }).getStatus?.();
      throw ValidationFailedError.field('file', status === 413 ? UPLOAD_TOO_LARGE : UPLOAD_ONE_FILE);
    }
  }
}
