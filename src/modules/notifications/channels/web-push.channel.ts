import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { sendNotification, WebPushError } from 'web-push';
import type { Env } from '@config/env.schema';
import { KeyValueStore } from '@infra/store/key-value-store';
import { parseAllowedPushHosts, parseAllowedPushPorts, pushEndpointProblem, PushEndpointRules } from '../domain/push-endpoint';
import { PushSubscriptionRow, PushSubscriptionsRepository } from '../persistence/push-subscriptions.repository';
import { PushChannel, WebPushPayload } from './push.channel';

/** One push request gives up when its connection is silent this long (web-push's socket timeout); the job then retries. */
const PUSH_REQUEST_TIMEOUT_MS = 10_000;
/** How long an idle kept-alive connection to a push service stays open. */
const IDLE_SOCKET_MS = 4_000;
/** How long a push service keeps a push for a browser that is offline: a day-old new-order alert is still worth showing, a month-old one is not. */
const PUSH_TTL_SECONDS = 24 * 3600;
/**
 * How long "this subscription accepted this delivery" is remembered. The mark lives in the
 * key-value store (Redis, or PostgreSQL's unlogged store table), not in a table of its own: it only
 * matters while the `push-delivery` job it guards can still run again (its retries take minutes, a
 * completed job id is kept a day, so a re-queued duplicate is dropped by BullMQ for that day too),
 * and the store expires it with no purge job of its own.
 */
const DELIVERED_MARK_TTL_MS = 24 * 3600 * 1000;

class PushDeliveryFailedError extends Error {}

interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The Web Push adapter (RFC 8030 with VAPID, RFC 8292; payloads encrypted per RFC 8291, or the older
 * `aesgcm` draft when the subscription says so), through the `web-push` library. Runs in worker
 * processes, from the `push-delivery` job.
 */
@Injectable()
export class WebPushChannel extends PushChannel {
  private readonly logger = new Logger(WebPushChannel.name);
  private readonly vapid: VapidDetails | null;
  private readonly rules: PushEndpointRules;
  private readonly agent: Agent;
  private warnedUnconfigured = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: PushSubscriptionsRepository,
    private readonly store: KeyValueStore,
    config: ConfigService<Env, true>,
  ) {
    super();
    const publicKey = config.get('VAPID_PUBLIC_KEY', { infer: true }).trim();
    const privateKey = config.get('VAPID_PRIVATE_KEY', { infer: true }).trim();
    // Both set or both empty, and a matching pair: checked with the rest of the configuration.
    this.vapid = publicKey && privateKey ? { subject: config.get('VAPID_SUBJECT', { infer: true }), publicKey, privateKey } : null;
    this.rules = {
      hosts: parseAllowedPushHosts(config.get('PUSH_ALLOWED_HOSTS', { infer: true })),
      ports: parseAllowedPushPorts(config.get('PUSH_ALLOWED_PORTS', { infer: true })),
    };
    // Keep-alive: a job pushes to the same few push services again and again. Idle sockets are
    // unref'd by Node, so they never hold a process open at shutdown, and in-flight pushes finish;
    // they are closed after IDLE_SOCKET_MS, before a server's own idle timeout (commonly 5 s) can
    // close one just as a push is written on it.
    this.agent = new Agent({
      keepAlive: true,
      timeout: IDLE_SOCKET_MS,
      ca: extraCertificateAuthorities(config.get('PUSH_CA_FILE', { infer: true })),
    });
  }

  async sendToUser(userId: string, payload: WebPushPayload, deliveryKey: string): Promise<void> {
    if (!this.vapid) {
      if (!this.warnedUnconfigured) {
        this.warnedUnconfigured = true;
        this.logger.warn('Web Push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY): pushes are skipped');
      }
      return;
    }
    const subscriptions = await this.subscriptions.listForUser(this.dataSource.manager, userId);
    const body = JSON.stringify(payload);
    // All of them are tried before failing, so one broken push service delays no other browser.
    const vapid = this.vapid;
    const results = await Promise.allSettled(subscriptions.map((subscription) => this.deliver(subscription, body, deliveryKey, vapid)));
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [describe(result.reason)] : []));
    if (failures.length > 0) {
      throw new PushDeliveryFailedError(`${failures.length} of ${subscriptions.length} pushes failed (retried): ${failures.join('; ')}`);
    }
  }

  private async deliver(subscription: PushSubscriptionRow, body: string, deliveryKey: string, vapid: VapidDetails): Promise<void> {
    const { origin } = new URL(subscription.endpoint);
    // Rows stored before a rule changed (a host or port taken off its list, the stricter URL rules
    // of decisions §15) are not called.
    const problem = pushEndpointProblem(subscription.endpoint, this.rules);
    if (problem) {
      this.logger.warn({ origin, problem }, 'Push subscription skipped: its endpoint is no longer allowed');
      return;
    }
    const mark = `push-delivered:${deliveryKey}:${subscription.id}`;
    if ((await this.store.get(mark)) !== null) return;
    const send = () =>
      sendNotification({ endpoint: subscription.endpoint, keys: { auth: subscription.auth, p256dh: subscription.p256dh } }, body, {
        vapidDetails: vapid,
        contentEncoding: subscription.contentEncoding,
        TTL: PUSH_TTL_SECONDS,
        timeout: PUSH_REQUEST_TIMEOUT_MS,
        agent: this.agent,
      });
    try {
      // A kept-alive connection the server closed as the push was written on it resets before any
      // answer: the push is sent once more, on a new connection (at worst a browser shows it twice).
      await send().catch((error: unknown) => (isResetBeforeAnswer(error) ? send() : Promise.reject(error)));
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        // The browser unsubscribed or the push service expired it: it will never accept a push again.
        await this.subscriptions.deleteGone(this.dataSource.manager, subscription);
        this.logger.log({ origin, status: error.statusCode }, 'Push subscription gone: deleted');
        return;
      }
      throw new PushDeliveryFailedError(`${origin}: ${error instanceof WebPushError ? `HTTP ${error.statusCode}` : describe(error)}`);
    }
    await this.store.set(mark, '1', DELIVERED_MARK_TTL_MS);
  }
}

/** ECONNRESET or EPIPE with no HTTP answer: the connection was gone before the push was read. */
function isResetBeforeAnswer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return !(error instanceof WebPushError) && (code === 'ECONNRESET' || code === 'EPIPE');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The system's certificate authorities plus those of PUSH_CA_FILE, for a self-hosted push service
 * behind a private CA (and the tests' local push service). Undefined keeps Node's default trust.
 */
function extraCertificateAuthorities(file: string): string[] | undefined {
  if (file.trim() === '') return undefined;
  let pem: string;
  try {
    pem = readFileSync(file.trim(), 'utf8');
  } catch (error) {
    throw new Error(`PUSH_CA_FILE (${file}) cannot be read: ${describe(error)}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`PUSH_CA_FILE (${file}) holds no PEM certificate`);
  return [...rootCertificates, pem];
}
