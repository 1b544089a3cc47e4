export { AccountsModule } from './accounts.module';
export { RegisterUserCommand, type RegisterUserResult } from './commands/register-user/register-user.command';
export { UserRegistered } from './domain/user-registered.event';
export { TenantDirectory } from './tenant-directory.service';
export { TokenService } from './tokens/token.service';
export { UsersService } from './users.service';
