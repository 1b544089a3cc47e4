import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '@common/errors/domain.error';
import { SecurityLogService } from '@common/security/security-log.service';

const ORDER_ID = /^[1-9]\d{0,9}$/;

/**
 * `tenant.ownership` for `/orders/{order}` routes: an order of another tenant answers exactly like
 * a missing one (404), and the attempt is written to the security log. The handlers filter by
 * tenant as well; this guard is what notices and records the attempt.
 */
@Injectable()
export class TenantOwnershipGuard implements CanActivate {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly securityLog: SecurityLogService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const user = req.user;
    if (!user) throw new UnauthenticatedError();
    if (!user.tenantId) throw new ForbiddenError('You do not belong to a shop yet.');
    const raw = req.params.order;
    if (raw === undefined) return true;
    if (typeof raw !== 'string' || !ORDER_ID.test(raw) || Number(raw) > 2_147_483_647) throw new NotFoundError('Order not found.');
    const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM orders WHERE id = $1', [Number(raw)]);
    if (!rows[0]) throw new NotFoundError('Order not found.');
    if (rows[0].tenant_id !== user.tenantId) {
      await this.securityLog.record('TENANT_OWNERSHIP_VIOLATION', {
        userId: user.id,
        tenantId: user.tenantId,
        resourceType: 'order',
        resourceId: raw,
        ip: req.ip ?? null,
        details: { method: req.method, path: req.originalUrl, owner_tenant_id: rows[0].tenant_id },
      });
      throw new NotFoundError('Order not found.');
    }
    return true;
  }
}
