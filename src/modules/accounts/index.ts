export { AccountsModule } from './accounts.module';
export { ClaimAccountCommand, type ClaimAccountResult } from './commands/claim-account/claim-account.command';
export { ChangeSubscriptionCommand, type ChangeSubscriptionResult } from './commands/change-subscription/change-subscription.command';
export { type AccountSummary, CreateUserFromProviderCommand } from './commands/create-user-from-provider/create-user-from-provider.command';
export { GrantSuperAdminCommand, type GrantSuperAdminResult } from './commands/grant-super-admin/grant-super-admin.command';
export { RegisterUserCommand, type RegisterUserResult } from './commands/register-user/register-user.command';
export { type NotificationRecipient, type TenantAdmins, UsersQueries } from './queries/users.queries';
export { TenantDirectory } from './tenant-directory.service';
export { TokenService } from './tokens/token.service';
