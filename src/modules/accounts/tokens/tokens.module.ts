import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonalAccessTokenEntity } from './personal-access-token.entity';
import { TokenService } from './token.service';

/** Bearer tokens on their own, so sign-in flows and the auth guard can use them without the rest of accounts. */
@Module({
  imports: [TypeOrmModule.forFeature([PersonalAccessTokenEntity])],
  providers: [TokenService],
  exports: [TokenService],
})
export class TokensModule {}
