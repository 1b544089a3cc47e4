import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { contextOf } from '@common/context/request-context';
import { UsersQueries } from '@modules/accounts';
import { EmailNotVerifiedError } from './domain/ai.errors';

/**
 * The paid AI calls need a caller whose email is proven (docs/ai.md "Who may use AI"). Runs after
 * the merchant-area guard, so the caller is signed in and on a shop's team. Read from the database
 * on every call rather than from the cached principal: proving the email revokes the account's
 * earlier tokens anyway, and an AI call costs far more than one primary-key read.
 */
@Injectable()
export class VerifiedEmailGuard implements CanActivate {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersQueries,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { user } = contextOf(context.switchToHttp().getRequest<Request>());
    if (!user || !(await this.users.isEmailVerified(this.dataSource.manager, user.id))) throw new EmailNotVerifiedError();
    return true;
  }
}
