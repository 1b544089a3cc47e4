import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { normalizeEmail } from '../domain/email';
import { UserEntity } from '../domain/user.entity';

/**
 * Reads of accounts, for this module and for other features (one-time codes, social sign-in). They
 * take the caller's `manager` so that a sign-in reads and creates the account in one transaction;
 * callers outside a transaction pass `dataSource.manager`.
 */
@Injectable()
export class UsersQueries {
  findById(manager: EntityManager, id: string): Promise<UserEntity | null> {
    return manager.findOneBy(UserEntity, { id });
  }

  /** Case-insensitive, like the uniqueness rule (and served by its index). */
  findByEmail(manager: EntityManager, email: string): Promise<UserEntity | null> {
    return manager
      .createQueryBuilder(UserEntity, 'u')
      .where('lower(u.email) = :email', { email: normalizeEmail(email) })
      .getOne();
  }
}
