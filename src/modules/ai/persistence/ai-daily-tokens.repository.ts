import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** The `ai_daily_tokens` table (one row per UTC day and scope): only this module writes it. */
@Injectable()
export class AiDailyTokensRepository {
  /**
   * Adds `tokens` to today's row of `scope` unless that passes `cap`: the day (`YYYY-MM-DD`) and
   * whether the row was created, or undefined when refused.
   */
  async addUnderCap(
    manager: EntityManager,
    scope: string,
    tokens: number,
    cap: number,
  ): Promise<{ day: string; created: boolean } | undefined> {
    const rows: Array<{ day: string; created: boolean }> = await manager.query(
      `INSERT INTO ai_daily_tokens AS row (day, scope, tokens)
       SELECT (now() AT TIME ZONE 'UTC')::date, $1::varchar, $2::bigint WHERE $2::bigint <= $3::bigint
       ON CONFLICT (day, scope) DO UPDATE SET tokens = row.tokens + EXCLUDED.tokens WHERE row.tokens + EXCLUDED.tokens <= $3::bigint
       RETURNING to_char(day, 'YYYY-MM-DD') AS day, (xmax = 0) AS created`,
      [scope, tokens, cap],
    );
    return rows[0];
  }

  /** Adds `delta` (negative to give back) to the row of `day` and `scope`, never below 0. */
  async adjust(manager: EntityManager, day: string, scope: string, delta: number): Promise<void> {
    await manager.query(`UPDATE ai_daily_tokens SET tokens = greatest(0, tokens + $3::bigint) WHERE day = $1::date AND scope = $2`, [
      day,
      scope,
      delta,
    ]);
  }

  /** Deletes the rows of days more than `keptDays` before `day`. */
  async deleteBefore(manager: EntityManager, day: string, keptDays: number): Promise<void> {
    await manager.query(`DELETE FROM ai_daily_tokens WHERE day < $1::date - $2::int`, [day, keptDays]);
  }
}
