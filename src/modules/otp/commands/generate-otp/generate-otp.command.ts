import type { ShopLanguage } from '@common/i18n/shop-locale';

export class GenerateOtpCommand {
  constructor(
    readonly identifier: string,
    /** The language of the code's mail or SMS: the request's `Accept-Language`, Spanish by default. */
    readonly language: ShopLanguage = 'es',
  ) {}
}

export interface GenerateOtpResult {
  sessionId: string;
  expiresAt: Date;
}
