import { evaluateOtpAttempt, OtpSessionState } from './otp-attempt';
import { generateOtpCode, hashOtpCode, otpCodeMatches } from './otp-code';
import { parseOtpIdentifier } from './otp-identifier';

const now = new Date('2026-01-01T12:00:00Z');
const fresh = (overrides: Partial<OtpSessionState> = {}): OtpSessionState => ({
  expiresAt: new Date(now.getTime() + 60_000),
  attempts: 0,
  consumedAt: null,
  invalidatedAt: null,
  ...overrides,
});

describe('OTP state machine', () => {
  it('verifies the right code on a pending session', () => {
    expect(evaluateOtpAttempt(fresh(), true, now, 5)).toEqual({ result: 'verified' });
  });

  it('counts wrong codes and locks on the last allowed one', () => {
    expect(evaluateOtpAttempt(fresh({ attempts: 3 }), false, now, 5)).toEqual({ result: 'wrong', attempts: 4, locked: false });
    expect(evaluateOtpAttempt(fresh({ attempts: 4 }), false, now, 5)).toEqual({ result: 'wrong', attempts: 5, locked: true });
  });

  it('rejects even the right code once locked, used, superseded or expired', () => {
    expect(evaluateOtpAttempt(fresh({ attempts: 5 }), true, now, 5)).toEqual({ result: 'rejected', reason: 'locked' });
    expect(evaluateOtpAttempt(fresh({ consumedAt: now }), true, now, 5)).toEqual({ result: 'rejected', reason: 'used' });
    expect(evaluateOtpAttempt(fresh({ invalidatedAt: now }), true, now, 5)).toEqual({ result: 'rejected', reason: 'superseded' });
    expect(evaluateOtpAttempt(fresh({ expiresAt: now }), true, now, 5)).toEqual({ result: 'rejected', reason: 'expired' });
  });
});

describe('OTP codes', () => {
  it('are six digits', () => {
    for (let i = 0; i < 200; i++) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });

  it('are matched through a session-bound HMAC', () => {
    const hash = hashOtpCode('k'.repeat(32), 'session-a', '012345');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(otpCodeMatches('k'.repeat(32), 'session-a', '012345', hash)).toBe(true);
    expect(otpCodeMatches('k'.repeat(32), 'session-a', '012346', hash)).toBe(false);
    expect(otpCodeMatches('k'.repeat(32), 'session-b', '012345', hash)).toBe(false);
    expect(otpCodeMatches('x'.repeat(32), 'session-a', '012345', hash)).toBe(false);
  });
});

describe('OTP identifiers', () => {
  it.each([
    ['Ana@Example.COM', { value: 'ana@example.com', channel: 'email' }],
    ['+50499998888', { value: '+50499998888', channel: 'sms', country: 'HN' }],
    ['+1 (415) 555-2671', { value: '+14155552671', channel: 'sms', country: 'US' }],
  ])('accepts %s', (raw, expected) => {
    expect(parseOtpIdentifier(raw)).toEqual(expected);
  });

  it.each(['not-an-email', '50499998888', '+0123', '+999999999999999', 'ana@', ''])('rejects %s', (raw) => {
    expect(parseOtpIdentifier(raw)).toBeNull();
  });
});
