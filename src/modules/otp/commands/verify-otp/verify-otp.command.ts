export class VerifyOtpCommand {
  constructor(
    readonly sessionId: string,
    readonly code: string,
  ) {}
}

export type VerifyOtpResult =
  | { requiresRegistration: false; user: { id: string; tenantId: string | null }; token: string }
  | { requiresRegistration: true; user: null };
