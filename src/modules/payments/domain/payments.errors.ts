import { DomainError } from '@common/errors/domain.error';

/** 403 `{ message: 'Invalid signature' }` (spec 4.7). */
export class InvalidSignatureError extends DomainError {
  constructor() {
    super('invalid_signature', 'Invalid signature', 403);
  }
}
