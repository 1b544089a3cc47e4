import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { OtpChannel } from '../domain/otp-identifier';
import { OtpSessionRow } from './otp-sessions.rows';

/** The `otp_sessions` table: only this module writes it. Every method runs in the caller's transaction. */
@Injectable()
export class OtpSessionsRepository {
  /** Generations for one identifier take turns on this lock, held until the transaction ends. */
  async lockIdentifier(manager: EntityManager, identifier: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`otp:${identifier}`]);
  }

  /** Every open session of the identifier ends unused. */
  async invalidateOpen(manager: EntityManager, identifier: string): Promise<void> {
    await manager.query(
      `UPDATE otp_sessions SET invalidated_at = now()
          WHERE identifier = $1 AND consumed_at IS NULL AND invalidated_at IS NULL`,
      [identifier],
    );
  }

  async insert(
    manager: EntityManager,
    session: { id: string; identifier: string; channel: OtpChannel; codeHmac: string; expiresAt: Date },
  ): Promise<void> {
    await manager.query('INSERT INTO otp_sessions (id, identifier, channel, code_hmac, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      session.id,
      session.identifier,
      session.channel,
      session.codeHmac,
      session.expiresAt,
    ]);
  }

  /** The session, its row locked until the caller's transaction ends. */
  async lock(manager: EntityManager, sessionId: string): Promise<OtpSessionRow | undefined> {
    const rows: OtpSessionRow[] = await manager.query(
      `SELECT id, identifier, channel, code_hmac, expires_at, attempts, consumed_at, invalidated_at
           FROM otp_sessions WHERE id = $1 FOR UPDATE`,
      [sessionId],
    );
    return rows[0];
  }

  async consume(manager: EntityManager, sessionId: string): Promise<void> {
    await manager.query('UPDATE otp_sessions SET consumed_at = now() WHERE id = $1', [sessionId]);
  }

  async recordAttempts(manager: EntityManager, sessionId: string, attempts: number): Promise<void> {
    await manager.query('UPDATE otp_sessions SET attempts = $2 WHERE id = $1', [sessionId, attempts]);
  }
}
