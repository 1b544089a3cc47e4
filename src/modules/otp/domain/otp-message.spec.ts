import { otpMessage } from './otp-message';

describe('one-time code message', () => {
  it('speaks the language it is asked for, the code in the text only', () => {
    expect(otpMessage('es', '123456', 10)).toEqual({
      subject: 'Su código de verificación',
      text: 'Su código de verificación es 123456. Vence en 10 minutos. Si usted no lo pidió, ignore este mensaje.',
    });
    expect(otpMessage('en', '123456', 10)).toEqual({
      subject: 'Your verification code',
      text: 'Your verification code is 123456. It expires in 10 minutes. If you did not ask for it, ignore this message.',
    });
  });
});
