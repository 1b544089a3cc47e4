import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserEntity } from './domain/user.entity';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Reads of accounts for other features (one-time codes, social sign-in) and the CLI. */
@Injectable()
export class UsersService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** Case-insensitive, like the uniqueness rule. */
  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email: normalizeEmail(email) });
  }

  /** Only the CLI grants it (decisions §11). Null when there is no such user. */
  async grantSuperAdmin(email: string): Promise<UserEntity | null> {
    const user = await this.findByEmail(email);
    if (!user) return null;
    if (!user.isSuperAdmin) await this.users.update({ id: user.id }, { isSuperAdmin: true });
    return { ...user, isSuperAdmin: true };
  }
}
