/** A delivery of the payment webhook whose signature has been checked. */
export class ReceivePaymentEventCommand {
  constructor(
    readonly rawBody: Buffer,
    readonly providerHeader: string | undefined,
  ) {}
}

export type WebhookOutcome = 'processed' | 'ignored' | 'invalid' | 'failed';
