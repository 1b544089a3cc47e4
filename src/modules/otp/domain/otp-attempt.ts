/** The state of a session when a code is presented, as stored. */
export interface OtpSessionState {
  expiresAt: Date;
  attempts: number;
  consumedAt: Date | null;
  invalidatedAt: Date | null;
}

export type OtpAttemptOutcome =
  | { result: 'verified' }
  | { result: 'wrong'; attempts: number; locked: boolean }
  | { result: 'rejected'; reason: 'used' | 'superseded' | 'expired' | 'locked' };

/**
 * The OTP state machine: pending → verified (right code, once) | locked (maxAttempts wrong codes).
 * A used, superseded, expired or locked session rejects every code, the right one included, and
 * does not count further attempts.
 */
export function evaluateOtpAttempt(state: OtpSessionState, codeMatches: boolean, now: Date, maxAttempts: number): OtpAttemptOutcome {
  if (state.consumedAt) return { result: 'rejected', reason: 'used' };
  if (state.invalidatedAt) return { result: 'rejected', reason: 'superseded' };
  if (state.attempts >= maxAttempts) return { result: 'rejected', reason: 'locked' };
  if (state.expiresAt.getTime() <= now.getTime()) return { result: 'rejected', reason: 'expired' };
  if (codeMatches) return { result: 'verified' };
  const attempts = state.attempts + 1;
  return { result: 'wrong', attempts, locked: attempts >= maxAttempts };
}
