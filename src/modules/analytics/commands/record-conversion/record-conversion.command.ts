/** The beacon's body as received (JSON, text/plain JSON or anything else); it names the shop by slug. */
export class RecordConversionCommand {
  constructor(readonly body: unknown) {}
}
