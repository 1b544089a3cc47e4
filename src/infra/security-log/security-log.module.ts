import { Global, Module } from '@nestjs/common';
import { SecurityLogService } from '@common/security/security-log.service';
import { SecurityLogStore } from '@common/security/security-log.store';
import { SecurityLogRepository } from './security-log.repository';

/**
 * The security log for every module and the guards of common/: common/'s `SecurityLogService`
 * (what is logged, URL details bounded) on this layer's `SecurityLogRepository` (the table).
 */
@Global()
@Module({
  providers: [SecurityLogService, SecurityLogRepository, { provide: SecurityLogStore, useExisting: SecurityLogRepository }],
  exports: [SecurityLogService],
})
export class SecurityLogModule {}
