export { SocialAuthModule } from './social-auth.module';
