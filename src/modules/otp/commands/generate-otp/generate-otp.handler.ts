import { randomUUID } from 'node:crypto';
import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Env } from '@config/env.schema';
import { parseCountryList } from '@config/env.parsers';
import { inTransaction } from '@infra/database/transaction';
import { MessageDispatcher } from '@infra/messaging/message.dispatcher';
import { generateOtpCode, hashOtpCode } from '@modules/otp/domain/otp-code';
import { InvalidOtpIdentifierError, SmsCountryNotAllowedError } from '@modules/otp/domain/otp.errors';
import { parseOtpIdentifier, smsCountryAllowed } from '@modules/otp/domain/otp-identifier';
import { otpMessage } from '@modules/otp/domain/otp-message';
import { OtpSessionsRepository } from '@modules/otp/persistence/otp-sessions.repository';
import { GenerateOtpCommand, GenerateOtpResult } from './generate-otp.command';

/**
 * Opens an OTP session and sends its code. The same happens whether or not an account exists for
 * the identifier, so the endpoint reveals nothing about who is registered.
 */
@CommandHandler(GenerateOtpCommand)
export class GenerateOtpHandler implements ICommandHandler<GenerateOtpCommand, GenerateOtpResult> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<Env, true>,
    private readonly messages: MessageDispatcher,
    private readonly sessions: OtpSessionsRepository,
  ) {}

  async execute({ identifier: raw, language }: GenerateOtpCommand): Promise<GenerateOtpResult> {
    const identifier = parseOtpIdentifier(raw);
    if (!identifier) throw new InvalidOtpIdentifierError();
    const smsCountries = parseCountryList(this.config.get('OTP_SMS_COUNTRIES', { infer: true }));
    if (!smsCountryAllowed(identifier, smsCountries)) throw new SmsCountryNotAllowedError(smsCountries);
    const ttlMinutes = this.config.get('OTP_TTL_MINUTES', { infer: true });
    const code = generateOtpCode();
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);

    await inTransaction(this.dataSource, async (manager) => {
      // One generation per identifier at a time, so exactly one session is ever left open.
      await this.sessions.lockIdentifier(manager, identifier.value);
      await this.sessions.invalidateOpen(manager, identifier.value);
      await this.sessions.insert(manager, {
        id: sessionId,
        identifier: identifier.value,
        channel: identifier.channel,
        codeHmac: hashOtpCode(this.config.get('APP_KEY', { infer: true }), sessionId, code),
        expiresAt,
      });
    });

    const { subject, text } = otpMessage(language, code, ttlMinutes);
    if (identifier.channel === 'email') {
      // The code is in the body only: subjects show in notification previews and in the production log (MAIL_URL=log).
      await this.messages.sendMail({ to: identifier.value, subject, text }, `otp-${sessionId}`);
    } else {
      await this.messages.sendSms({ to: identifier.value, message: text }, `otp-${sessionId}`);
    }
    return { sessionId, expiresAt };
  }
}
