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

  /**
   * The account, locked until the caller's transaction ends: a sign-in that is about to hand out a
   * token takes it, so that a concurrent claim of the account (ClaimAccountCommand) either waits
   * for the token and revokes it, or commits first and is seen by the sign-in.
   */
  lockForSignIn(manager: EntityManager, id: string): Promise<UserEntity | null> {
    return manager.createQueryBuilder(UserEntity, 'u').where('u.id = :id', { id }).setLock('for_no_key_update').getOne();
  }

  /** Case-insensitive, like the uniqueness rule (and served by its index). */
  findByEmail(manager: EntityManager, email: string): Promise<UserEntity | null> {
    return manager
      .createQueryBuilder(UserEntity, 'u')
      .where('lower(u.email) = :email', { email: normalizeEmail(email) })
      .getOne();
  }
}
