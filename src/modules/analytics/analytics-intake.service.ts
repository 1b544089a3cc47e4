import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DomainError, ValidationFailedError } from '@common/errors/domain.error';
import { centsToDecimal, toCents } from '@common/money/money';
import { sha256Hex } from '@common/util/stable-json';
import { TenantDirectory } from '@modules/accounts';
import { ANALYTICS_QUEUE, AnalyticsJob, MAX_METADATA_BYTES } from './analytics.constants';
import type { InteractionDto, TrackEventDto } from './dto/analytics.dto';

export class TenantNotPublicError extends DomainError {
  constructor() {
    super('tenant_not_public', 'This shop is not available.', 404, { success: false });
  }
}

const PRODUCT_CACHE_MS = 60_000;
const JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential' as const, delay: 500 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * The hottest public path (one call per storefront click): validation, a cached tenant and product
 * check, one Redis write. Storing happens in the worker, in batches.
 */
@Injectable()
export class AnalyticsIntakeService {
  private readonly knownProducts = new Map<string, number>();

  constructor(
    @InjectQueue(ANALYTICS_QUEUE) private readonly queue: Queue<AnalyticsJob>,
    private readonly tenants: TenantDirectory,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async track(input: TrackEventDto): Promise<void> {
    const tenant = await this.tenants.byIdOrSlug(input.tenant_id);
    if (!tenant?.isPublic) throw new TenantNotPublicError();
    const metadata = { ...(input.metadata ?? {}) };
    if (input.product_id !== undefined) {
      if (!(await this.productExists(tenant.id, input.product_id))) {
        throw ValidationFailedError.field('product_id', 'The selected product is invalid.');
      }
      metadata.product_id = input.product_id;
    }
    if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) {
      throw ValidationFailedError.field('metadata', `The metadata may not be larger than ${MAX_METADATA_BYTES / 1024} KiB.`);
    }
    const eventId = randomUUID();
    await this.queue.add(
      'track',
      {
        kind: 'track',
        eventId,
        tenantId: tenant.id,
        type: input.type,
        productId: input.product_id ?? null,
        metadata,
        occurredAt: new Date().toISOString(),
      },
      { ...JOB_OPTIONS, jobId: eventId },
    );
  }

  /** Never throws: a beacon's answer is `ok` when queued, `skipped` otherwise. */
  async conversion(body: unknown): Promise<{ status: 'ok' | 'skipped'; transaction_id: string | null }> {
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const transactionId =
      typeof fields.transaction_id === 'string' || typeof fields.transaction_id === 'number' ? String(fields.transaction_id) : null;
    try {
      const slug = typeof fields.tenant_slug === 'string' ? fields.tenant_slug.trim() : '';
      if (!slug) return { status: 'skipped', transaction_id: transactionId };
      const tenant = await this.tenants.bySlug(slug);
      if (!tenant) return { status: 'skipped', transaction_id: transactionId };
      const storedId = transactionId ? transactionId.slice(0, 255) : null;
      const job: AnalyticsJob = {
        kind: 'conversion',
        tenantId: tenant.id,
        transactionId: storedId,
        event: typeof fields.event === 'string' && /^[a-z_]{1,32}$/.test(fields.event) ? fields.event : 'purchase',
        value: moneyOrZero(fields.value),
        currency: typeof fields.currency === 'string' && /^[A-Za-z]{3}$/.test(fields.currency) ? fields.currency.toUpperCase() : 'HNL',
        occurredAt: isoOrNow(fields.timestamp),
      };
      // One row per (tenant, transaction): the job id also collapses repeats still in the queue.
      const jobId = storedId ? `conversion-${sha256Hex(`${tenant.id}:${storedId}`)}` : undefined;
      await this.queue.add('conversion', job, { ...JOB_OPTIONS, jobId });
      return { status: 'ok', transaction_id: transactionId };
    } catch {
      return { status: 'skipped', transaction_id: transactionId };
    }
  }

  /** Records at once; `false` (the caller answers 202) for an unknown or closed shop or any failure. */
  async interaction(input: InteractionDto): Promise<boolean> {
    const tenant = await this.tenants.byId(input.tenant_id).catch(() => null);
    if (!tenant?.isPublic) return false;
    const productId = input.product_id !== undefined && (await this.productExists(tenant.id, input.product_id)) ? input.product_id : null;
    const metadata = input.metadata ?? {};
    if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) return false;
    await this.dataSource.query('INSERT INTO interactions (tenant_id, type, product_id, metadata) VALUES ($1, $2, $3, $4)', [
      tenant.id,
      input.type,
      productId,
      metadata,
    ]);
    return true;
  }

  private async productExists(tenantId: string, productId: number): Promise<boolean> {
    if (!Number.isInteger(productId) || productId > 2_147_483_647) return false;
    const key = `${tenantId}:${productId}`;
    const until = this.knownProducts.get(key);
    if (until && until > Date.now()) return true;
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM products WHERE tenant_id = $1 AND id = $2', [tenantId, productId]);
    if (rows.length === 0) return false;
    if (this.knownProducts.size > 50_000) this.knownProducts.clear();
    this.knownProducts.set(key, Date.now() + PRODUCT_CACHE_MS);
    return true;
  }
}

function moneyOrZero(value: unknown): string {
  if (typeof value !== 'number' && typeof value !== 'string') return '0.00';
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number >= 1e10) return '0.00';
  return centsToDecimal(toCents(number.toFixed(2)));
}

function isoOrNow(value: unknown): string {
  if (typeof value === 'string') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()) && /^\d{4}-\d{2}-\d{2}/.test(value)) return date.toISOString();
  }
  return new Date().toISOString();
}
