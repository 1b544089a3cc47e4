import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantsRepository } from '../persistence/tenants.repository';

/**
 * A shop's AI credits (`tenants.ai_credits`, decisions §8): every change is one conditional
 * UPDATE, so concurrent calls never spend below zero and never lose an update. Each method runs in
 * the caller's transaction.
 */
@Injectable()
export class AiCreditsLedger {
  constructor(private readonly tenants: TenantsRepository) {}

  /**
   * Takes `credits` when the shop has that many: the balance left, or null when it has too few
   * (or no such shop). Archived shops are included: the rules that refuse them are the caller's.
   */
  take(manager: EntityManager, tenantId: string, credits: number): Promise<number | null> {
    return this.tenants.takeCredits(manager, tenantId, credits);
  }

  /** Returns credits a failed or refused call had taken. */
  async giveBack(manager: EntityManager, tenantId: string, credits: number): Promise<void> {
    await this.add(manager, tenantId, credits);
  }

  /**
   * Adds credits (the super admin's top-up): the new balance, or null when there is no such shop
   * or the balance would pass what the column holds.
   */
  add(manager: EntityManager, tenantId: string, credits: number): Promise<number | null> {
    return this.tenants.addCredits(manager, tenantId, credits);
  }
}
