import { DomainError, ForbiddenError, NotFoundError } from '@common/errors/domain.error';

export const EXPORT_NOT_FOUND = 'Export not found.';

/** 404: no such file in the caller's shop, deleted after its 7 days, or (for a download) not ready. */
export class ExportNotFoundError extends NotFoundError {
  constructor() {
    super(EXPORT_NOT_FOUND);
  }
}

/** 403 `{ message }`: a download link that is missing its signature, was altered, or names another file. */
export class InvalidDownloadSignatureError extends ForbiddenError {
  constructor() {
    super('Invalid signature.');
  }
}

/** 403 `{ message }`: a genuine link past its validity. */
export class ExpiredDownloadLinkError extends ForbiddenError {
  constructor() {
    super('This download link has expired.');
  }
}

/** 429 `{ message }`: the shop already has as many files being prepared as one shop may queue. */
export class TooManyExportsError extends DomainError {
  constructor(limit: number) {
    super(
      'too_many_exports',
      `This shop already has ${limit} exports or reports being prepared. Try again when one of them is ready.`,
      429,
    );
  }
}

/** A producer finds the file being written by another one (a job BullMQ re-ran while it still ran elsewhere). */
export class ExportFileBusyError extends Error {
  constructor(fileId: string) {
    super(`Export ${fileId} is being written by another worker`);
    this.name = 'ExportFileBusyError';
  }
}
