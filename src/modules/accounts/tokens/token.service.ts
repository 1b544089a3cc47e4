import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Env } from '@config/env.schema';
import type { PrincipalResolver } from '@common/context/ports';
import { afterCommit } from '@infra/database/transaction';
import { SocketRooms } from '@infra/realtime/realtime.module';
import { tokenRoom } from '@infra/realtime/socket-io-channels';
import { KeyValueStore } from '@infra/store/key-value-store';
import type { Principal } from '@common/context/request-context';
import { PersonalAccessTokensRepository } from '../persistence/personal-access-tokens.repository';
import { formatBearerToken, hashTokenSecret, newTokenSecret, parseBearerToken, secretMatchesHash } from './bearer-token';

export interface IssuedToken {
  /** `<id>|<secret>`: shown to the client once, never stored. */
  plainTextToken: string;
  tokenId: string;
  /** Null when TOKEN_TTL_DAYS=0. */
  expiresAt: Date | null;
}

interface CachedToken {
  principal: Principal;
  hash: string;
  /** The token's revocation stamp in the store when it was read (null: none). */
  stamp: string | null;
  /** Date.now() after which the entry is not used: the cache lifetime, or the token's expiry if sooner. */
  validUntil: number;
}

/** Entries kept at most; the oldest goes first. */
const MAX_CACHED_TOKENS = 10_000;
/** A revocation stamp outlives every entry cached before it was written. */
const STAMP_MARGIN_MS = 60_000;
const stampKey = (tokenId: string) => `auth:token-stamp:${tokenId}`;

/**
 * Personal access tokens (decisions §3): `<id>|<48 base62 chars>`, of which only a SHA-256 of the
 * secret is stored. Every way of signing in (registration, one-time code, social provider) issues
 * its token here; the bearer strategy verifies them here.
 *
 * A verified token is kept in this instance for AUTH_TOKEN_CACHE_MS (docs/accounts.md, token
 * cache). Each use still reads the token's revocation stamp from the shared store (one GET, before
 * any database read); every change that ends or alters a token's principal (sign-out, sign-out
 * everywhere, a new shop, super admin) writes a new stamp for each of the user's tokens once it has
 * committed and before it answers, so every instance refuses or re-reads the token from then on.
 */
@Injectable()
export class TokenService implements PrincipalResolver {
  private readonly logger = new Logger(TokenService.name);
  private readonly cache = new Map<string, CachedToken>();
  private readonly cacheMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<Env, true>,
    private readonly store: KeyValueStore,
    private readonly socketRooms: SocketRooms,
    private readonly tokens: PersonalAccessTokensRepository,
  ) {
    this.cacheMs = config.get('AUTH_TOKEN_CACHE_MS', { infer: true });
  }

  /** Inside the caller's transaction, so a token exists exactly when the sign-in that issued it committed. */
  async issue(manager: EntityManager, userId: string, name: string): Promise<IssuedToken> {
    const secret = newTokenSecret();
    const ttlDays = this.config.get('TOKEN_TTL_DAYS', { infer: true });
    const { id, expires_at: expiresAt } = await this.tokens.insert(manager, userId, name.slice(0, 255), hashTokenSecret(secret), ttlDays);
    return { plainTextToken: formatBearerToken(id, secret), tokenId: String(id), expiresAt };
  }

  /**
   * The signed-in principal for a presented token, or null when it is malformed, unknown, expired,
   * revoked or its secret does not match. From this instance's cache while the token's revocation
   * stamp is unchanged, else one indexed read.
   */
  async verify(token: string): Promise<Principal | null> {
    const parsed = parseBearerToken(token);
    if (!parsed) return null;
    if (this.cacheMs === 0 || !this.store.reachable) return (await this.lookUp(parsed.id, parsed.secret))?.principal ?? null;

    // The stamp is read before the database: a revocation that commits after this read writes a
    // new stamp, which the next use sees, whatever this use caches.
    let stamp: string | null;
    try {
      stamp = await this.store.get(stampKey(parsed.id));
    } catch {
      return (await this.lookUp(parsed.id, parsed.secret))?.principal ?? null;
    }
    const now = Date.now();
    const cached = this.cache.get(parsed.id);
    if (cached && cached.stamp === stamp && cached.validUntil > now && secretMatchesHash(parsed.secret, cached.hash)) {
      return { ...cached.principal };
    }
    const found = await this.lookUp(parsed.id, parsed.secret);
    this.cache.delete(parsed.id);
    if (!found) return null;
    const expires = found.expiresAt ? found.expiresAt.getTime() : Infinity;
    if (this.cache.size >= MAX_CACHED_TOKENS) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(parsed.id, { principal: found.principal, hash: found.hash, stamp, validUntil: Math.min(now + this.cacheMs, expires) });
    return { ...found.principal };
  }

  private async lookUp(id: string, secret: string): Promise<{ principal: Principal; hash: string; expiresAt: Date | null } | null> {
    const row = await this.tokens.findUnexpired(this.dataSource, id);
    if (!row || !secretMatchesHash(secret, row.token_hash)) return null;
    if (row.touch) await this.tokens.touch(this.dataSource, id);
    return {
      principal: {
        id: row.user_id,
        tenantId: row.tenant_id,
        role: row.role,
        isSuperAdmin: row.is_super_admin,
        tokenId: id,
        tokenExpiresAt: row.expires_at,
      },
      hash: row.token_hash,
      expiresAt: row.expires_at,
    };
  }

  /**
   * After a change to a user's role, shop or rights commits: every instance re-reads the user's
   * tokens on their next use. Inside the caller's transaction.
   */
  async principalChanged(manager: EntityManager, userId: string): Promise<void> {
    await this.restamp(manager, await this.tokens.idsOfUser(manager, userId));
  }

  /**
   * New revocation stamps for `tokenIds`, written once the transaction commits (the caller's answer
   * waits for them), so that no instance uses its cached copy of these tokens any longer. Then the
   * Socket.IO connections opened with these tokens are closed on every instance (decisions §15,
   * "Revocation is total"): a revoked token's connection must stop receiving the shop's events, and
   * one whose principal changed reconnects and is admitted (or refused) as it is now. The stamps go
   * first: a connection admitted meanwhile re-checks its token after joining its room
   * (NotificationsGateway), and then sees the new stamp.
   */
  private async restamp(manager: EntityManager, tokenIds: string[]): Promise<void> {
    this.forget(tokenIds);
    if (tokenIds.length === 0) return;
    await afterCommit(manager, async () => {
      this.forget(tokenIds);
      const ttl = this.cacheMs + STAMP_MARGIN_MS;
      try {
        await Promise.all(tokenIds.map((id) => this.store.set(stampKey(id), randomUUID(), ttl)));
      } catch (error) {
        // Another instance may keep using its copy for at most AUTH_TOKEN_CACHE_MS.
        this.logger.error({ err: error, tokens: tokenIds.length }, 'Could not publish token revocation stamps');
      }
      try {
        await this.socketRooms.disconnectRooms(tokenIds.map(tokenRoom));
      } catch (error) {
        // The datastore that carries Socket.IO messages is down: its clients are cut off from events as well.
        this.logger.error({ err: error, tokens: tokenIds.length }, 'Could not close the Socket.IO connections of revoked tokens');
      }
    });
  }

  private forget(tokenIds: string[]): void {
    for (const id of tokenIds) this.cache.delete(id);
  }

  /** Deletes the token: its next use is a 401, on every instance. True when it existed. */
  async revoke(manager: EntityManager, tokenId: string): Promise<boolean> {
    const existed = await this.tokens.delete(manager, tokenId);
    await this.restamp(manager, [String(tokenId)]);
    return existed;
  }

  /** Signs the user out everywhere. */
  async revokeAllForUser(manager: EntityManager, userId: string): Promise<number> {
    const deleted = await this.tokens.deleteAllOfUser(manager, userId);
    await this.restamp(manager, deleted);
    return deleted.length;
  }
}
