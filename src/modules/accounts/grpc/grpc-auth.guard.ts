import { createHash, timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { RpcException } from '@nestjs/microservices';
import { Metadata, status } from '@grpc/grpc-js';
import { Env } from '@config/env.schema';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * When GRPC_AUTH_TOKEN is set, a call must carry it in metadata `authorization`, raw or as
 * `Bearer <secret>` (decisions §11); compared in constant time. Unset: the network boundary is
 * the only protection, which start-up allows only on a loopback GRPC_URL (config/env.rules.ts).
 */
@Injectable()
export class GrpcAuthGuard implements CanActivate {
  private readonly expected: Buffer | null;

  constructor(config: ConfigService<Env, true>) {
    const secret = config.get('GRPC_AUTH_TOKEN', { infer: true });
    this.expected = secret ? digest(secret) : null;
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.expected) return true;
    const metadata = context.switchToRpc().getContext<Metadata>();
    const [value] = metadata?.get?.('authorization') ?? [];
    const presented = typeof value === 'string' ? value.trim().replace(/^Bearer\s+/i, '') : '';
    if (presented && timingSafeEqual(digest(presented), this.expected)) return true;
    throw new RpcException({ code: status.UNAUTHENTICATED, message: 'Missing or invalid credentials.' });
  }
}
