import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UnauthenticatedError } from '@common/errors/domain.error';
import { UserEntity } from '@modules/accounts/persistence/user.entity';
import { UsersRepository } from '@modules/accounts/persistence/users.repository';
import { GetCurrentUserQuery } from './get-current-user.query';

/** `GET /user` on every app load: one plain statement (UsersRepository.findById). */
@QueryHandler(GetCurrentUserQuery)
export class GetCurrentUserHandler implements IQueryHandler<GetCurrentUserQuery, UserEntity> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
  ) {}

  async execute({ userId }: GetCurrentUserQuery): Promise<UserEntity> {
    const user = await this.users.findById(this.dataSource.manager, userId);
    if (!user) throw new UnauthenticatedError();
    return user;
  }
}
