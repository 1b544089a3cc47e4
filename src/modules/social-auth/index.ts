export { RemoveSocialLinksCommand } from './commands/remove-social-links/remove-social-links.command';
export { SocialAuthModule } from './social-auth.module';
