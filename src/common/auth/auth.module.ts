import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TokensModule } from '@modules/accounts/tokens/tokens.module';
import { BearerAuthGuard } from './bearer-auth.guard';
import { BearerStrategy } from './bearer.strategy';

/** Bearer authentication; the app registers `BearerAuthGuard` as the first global guard. */
@Module({
  imports: [PassportModule.register({ session: false }), TokensModule],
  providers: [BearerStrategy, BearerAuthGuard],
  exports: [BearerAuthGuard],
})
export class AuthModule {}
