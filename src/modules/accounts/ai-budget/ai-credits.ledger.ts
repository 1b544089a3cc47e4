import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** What `tenants.ai_credits` (int4) holds. */
export const MAX_CREDITS = 2_147_483_647;

/**
 * A shop's AI credits (`tenants.ai_credits`, decisions §8): every change is one conditional
 * UPDATE, so concurrent calls never spend below zero and never lose an update. Each method runs in
 * the caller's transaction.
 */
@Injectable()
export class AiCreditsLedger {
  /**
   * Takes `credits` when the shop has that many: the balance left, or null when it has too few
   * (or no such shop). Archived shops are included: the rules that refuse them are the caller's.
   */
  async take(manager: EntityManager, tenantId: string, credits: number): Promise<number | null> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [Array<{ ai_credits: number }>, number] = await manager.query(
      `UPDATE tenants SET ai_credits = ai_credits - $2, updated_at = now()
        WHERE id = $1 AND ai_credits >= $2
        RETURNING ai_credits`,
      [tenantId, credits],
    );
    return rows[0]?.ai_credits ?? null;
  }

  /** Returns credits a failed or refused call had taken. */
  async giveBack(manager: EntityManager, tenantId: string, credits: number): Promise<void> {
    await this.add(manager, tenantId, credits);
  }

  /**
   * Adds credits (the super admin's top-up): the new balance, or null when there is no such shop
   * or the balance would pass what the column holds.
   */
  async add(manager: EntityManager, tenantId: string, credits: number): Promise<number | null> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [Array<{ ai_credits: number }>, number] = await manager.query(
      `UPDATE tenants SET ai_credits = ai_credits + $2, updated_at = now()
        WHERE id = $1 AND ai_credits <= ${MAX_CREDITS} - $2
        RETURNING ai_credits`,
      [tenantId, credits],
    );
    return rows[0]?.ai_credits ?? null;
  }
}
