/** A delivery of the payment webhook whose signature has been checked, with the provider whose secret verified it. */
export class ReceivePaymentEventCommand {
  constructor(
    readonly rawBody: Buffer,
    readonly provider: string,
  ) {}
}

export type WebhookOutcome = 'processed' | 'ignored' | 'invalid' | 'failed';
