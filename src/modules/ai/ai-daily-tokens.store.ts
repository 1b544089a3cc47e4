import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { EntityManager } from 'typeorm';
import { Env } from '@config/env.schema';
import { AiTokenCapReachedError } from './domain/ai.errors';
import { AiDailyTokensRepository } from './persistence/ai-daily-tokens.repository';
import type { AiJsonRequest } from './provider/ai-provider.port';

/** Tokens set aside for one provider call, on the UTC day they were set aside. */
export interface TokenReservation {
  tenantId: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  tokens: number;
}

/** Per message of a chat completion, the provider adds a few tokens of framing; generously counted. */
const FRAMING_TOKENS = 16;
/** Rows of days older than this are deleted when a new day begins. */
const KEPT_DAYS = 7;
const PLATFORM = 'platform';
const tenantScope = (tenantId: string) => `tenant:${tenantId}`;

/**
 * The daily token caps (decisions §15): a shop spends at most AI_DAILY_TOKEN_CAP tokens per UTC day,
 * the platform AI_GLOBAL_DAILY_TOKEN_CAP. Before the provider is asked, the call's most expensive
 * case is reserved under both caps by conditional upserts (the prompt's UTF-8 bytes, which no
 * byte-level tokenizer exceeds, plus framing, plus max_tokens); after it, the reservation is
 * settled to what the provider reported. So parallel calls never take a shop or the platform past
 * its cap, and an answer's real cost is what counts.
 */
@Injectable()
export class AiDailyTokensStore {
  private readonly maxOutputTokens: number;
  private readonly tenantCap: number;
  private readonly platformCap: number;

  constructor(
    config: ConfigService<Env, true>,
    private readonly tokens: AiDailyTokensRepository,
  ) {
    this.maxOutputTokens = config.get('AI_MAX_OUTPUT_TOKENS', { infer: true });
    this.tenantCap = config.get('AI_DAILY_TOKEN_CAP', { infer: true });
    this.platformCap = config.get('AI_GLOBAL_DAILY_TOKEN_CAP', { infer: true });
  }

  /** The most tokens `request` can cost. */
  worstCase(request: AiJsonRequest): number {
    return Buffer.byteLength(request.system) + Buffer.byteLength(request.user) + 2 * FRAMING_TOKENS + this.maxOutputTokens;
  }

  /**
   * Sets the worst case of `request` aside for the shop and the platform, in the caller's
   * transaction. Rows are locked in one order everywhere: the shop's `tenants` row (its credits)
   * before its token row, the platform's last, so no two AI calls deadlock. Throws
   * AiTokenCapReachedError (429) when either cap would be passed; the caller's rollback then undoes
   * whatever was set aside.
   */
  async reserve(manager: EntityManager, tenantId: string, request: AiJsonRequest): Promise<TokenReservation> {
    const tokens = this.worstCase(request);
    const day = await this.add(manager, tenantScope(tenantId), tokens, this.tenantCap);
    if (day === null) throw new AiTokenCapReachedError('tenant');
    if ((await this.add(manager, PLATFORM, tokens, this.platformCap)) === null) throw new AiTokenCapReachedError('platform');
    return { tenantId, day, tokens };
  }

  /**
   * Replaces the reservation by what the call cost: the provider's reported usage, 0 when it was
   * not asked or answered nothing. An answer without usage keeps its worst case (null).
   */
  async settle(manager: EntityManager, reservation: TokenReservation, tokensUsed: number | null): Promise<void> {
    const delta = (tokensUsed ?? reservation.tokens) - reservation.tokens;
    if (delta === 0) return;
    // One row at a time, in the order `reserve` locks them: a single UPDATE of both could lock the
    // platform's row first and deadlock with a reservation holding the shop's.
    for (const scope of [tenantScope(reservation.tenantId), PLATFORM]) {
      await this.tokens.adjust(manager, reservation.day, scope, delta);
    }
  }

  /** Adds `tokens` to today's row of `scope` unless that passes `cap`; the day, or null when refused. */
  private async add(manager: EntityManager, scope: string, tokens: number, cap: number): Promise<string | null> {
    const row = await this.tokens.addUnderCap(manager, scope, tokens, cap);
    if (!row) return null;
    if (row.created && scope === PLATFORM) await this.tokens.deleteBefore(manager, row.day, KEPT_DAYS);
    return row.day;
  }
}
