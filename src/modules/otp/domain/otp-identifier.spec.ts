import { otpCountingKey, parseOtpIdentifier, smsCountryAllowed } from './otp-identifier';

const counted = (raw: string) => {
  const identifier = parseOtpIdentifier(raw);
  if (!identifier) throw new Error(`${raw} did not parse`);
  return otpCountingKey(identifier);
};

describe('OTP identifiers: what the per-identifier limit counts (decisions §15)', () => {
  it('counts the aliases of one Gmail mailbox once: case, +tag, dots, googlemail.com', () => {
    for (const alias of ['Ana+x@Gmail.com', 'a.n.a@googlemail.com', 'ANA@gmail.com', ' ana+a+b@GMAIL.COM ', 'A.na+@googlemail.com']) {
      expect({ alias, key: counted(alias) }).toEqual({ alias, key: 'email:ana@gmail.com' });
    }
  });

  it('drops the +tag and the case elsewhere, but keeps the dots, which other providers treat as letters', () => {
    expect(counted('Jo.Smith+shop@Example.COM')).toBe('email:jo.smith@example.com');
    expect(counted('jo.smith@example.com')).toBe('email:jo.smith@example.com');
    expect(counted('josmith@example.com')).toBe('email:josmith@example.com');
    expect(counted('jo.smith@gmail.com.example')).toBe('email:jo.smith@gmail.com.example');
  });

  it('keeps sending to the address as given (lower-cased), tag and dots included', () => {
    expect(parseOtpIdentifier('A.na+X@Gmail.com')).toEqual({ value: 'a.na+x@gmail.com', channel: 'email' });
  });

  it('counts a phone number in E.164, however it is punctuated, and knows its country', () => {
    expect(counted('+504 9999-8888')).toBe('phone:+50499998888');
    expect(counted('+504(9999)8888')).toBe('phone:+50499998888');
    expect(parseOtpIdentifier('+50499998888')).toEqual({ value: '+50499998888', channel: 'sms', country: 'HN' });
    expect(parseOtpIdentifier('+525512345678')).toEqual({ value: '+525512345678', channel: 'sms', country: 'MX' });
  });

  it('texts only the countries allowed', () => {
    const hn = parseOtpIdentifier('+50499998888')!;
    const mx = parseOtpIdentifier('+525512345678')!;
    expect(smsCountryAllowed(hn, ['HN'])).toBe(true);
    expect(smsCountryAllowed(mx, ['HN'])).toBe(false);
    expect(smsCountryAllowed(mx, ['HN', 'MX'])).toBe(true);
    expect(smsCountryAllowed(parseOtpIdentifier('ana@gmail.com')!, [])).toBe(true);
  });
});
