import type { ShopLanguage } from '@common/i18n/shop-locale';

/** What a sign-in code mail or SMS says. */
export interface OtpMessage {
  /** The mail's subject: never the code (subjects show in notification previews and in the log). */
  subject: string;
  text: string;
}

/**
 * A one-time code's mail and SMS in the language of the request that asked for it (Spanish unless
 * its `Accept-Language` prefers English: docs/sign-in.md, "The code's language").
 */
export function otpMessage(language: ShopLanguage, code: string, ttlMinutes: number): OtpMessage {
  return language === 'en'
    ? {
        subject: 'Your verification code',
        text: `Your verification code is ${code}. It expires in ${ttlMinutes} minutes. If you did not ask for it, ignore this message.`,
      }
    : {
        subject: 'Su código de verificación',
        text: `Su código de verificación es ${code}. Vence en ${ttlMinutes} minutos. Si usted no lo pidió, ignore este mensaje.`,
      };
}
