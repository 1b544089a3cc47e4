export { AccountsModule } from './accounts.module';
export {
  ChangeSubscriptionCommand,
  type ChangeSubscriptionResult,
  type SubscriptionEvent,
} from './commands/change-subscription/change-subscription.command';
export { RegisterUserCommand, type RegisterUserResult } from './commands/register-user/register-user.command';
export { UserRegistered } from './domain/user-registered.event';
export { TenantDirectory } from './tenant-directory.service';
export { TokenService } from './tokens/token.service';
export { UsersService } from './users.service';
