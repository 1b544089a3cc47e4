export class GenerateOtpCommand {
  constructor(readonly identifier: string) {}
}

export interface GenerateOtpResult {
  sessionId: string;
  expiresAt: Date;
}
