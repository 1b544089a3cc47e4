/** Result: `Readiness`, whether every dependency answers now and the process is not shutting down. */
export class CheckReadinessQuery {}

export interface Readiness {
  ready: boolean;
  /** The answer's body: terminus's result (with each indicator), or `{ status: 'shutting_down' }`. */
  body: unknown;
}
