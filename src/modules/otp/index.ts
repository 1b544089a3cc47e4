export { OtpModule } from './otp.module';
